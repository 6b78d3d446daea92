import { PaymentStatus } from '../../ordering/contract/checkout-rules';
import { Decider } from '../../shared/event-sourcing/decider';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { applyTransferEvent, chainSettlement, ChainSettlement, paidByChain, TransferRecord } from '../contract/payment-settlement';
import { CHAIN_WATCHER_SOURCE, closedQuoteReason, PaymentEvent, PaymentInitiated, TransferPlacement } from '../contract/payment.events';

export interface PaymentState {
  paymentId: number | null;
  orderId: number | null;
  /** The coin it is paid in. */
  method: PaymentInitiated['data']['method'] | null;
  status: PaymentStatus;
  transactionHash: string | null;
  failureReason: string | null;
  /** Who vouched for the confirmation (`source`), while confirmed. */
  confirmedBy: string | null;
  dueUnits: string | null;
  expiresAt: string | null;
  confirmationsRequired: number | null;
  transfers: TransferRecord[];
  underpaymentAccepted: boolean;
}

/** A transfer as a chain watcher reports it now. */
export interface SeenTransfer extends TransferPlacement {
  transferId: string;
  transactionHash: string;
  amountUnits: string;
}

export type PaymentCommand =
  | ({ kind: 'initiate' } & PaymentInitiated['data'])
  | { kind: 'confirm'; transactionHash: string; source: string }
  | { kind: 'fail'; reason: string; source: string }
  | { kind: 'close'; replacedBy: number; replacedByMethod: PaymentInitiated['data']['method']; expired: boolean }
  /** Everything a watcher sees paying the address now: new transfers, moved ones, and by omission the ones gone. */
  | { kind: 'observe'; transfers: SeenTransfer[]; now: string }
  | { kind: 'acceptUnderpayment'; note: string; decidedBy: string }
  | { kind: 'markPaid'; reason: string; transactionHash: string; decidedBy: string }
  | { kind: 'noteRefund'; note: string; transactionHash: string | null; decidedBy: string };

const REORG_REASON = 'The transfers that paid it left the chain (a reorganisation); waiting for them again';

export const paymentDecider: Decider<PaymentCommand, PaymentState, PaymentEvent> = {
  initialState: {
    paymentId: null, orderId: null, method: null, status: 'pending', transactionHash: null, failureReason: null, confirmedBy: null,
    dueUnits: null, expiresAt: null, confirmationsRequired: null, transfers: [], underpaymentAccepted: false,
  },

  evolve(state, event) {
    switch (event.type) {
      case 'PaymentInitiated': {
        const { data } = event;
        return {
          ...paymentDecider.initialState, paymentId: data.paymentId, orderId: data.orderId, method: data.method,
          dueUnits: data.cryptoAmountUnits ?? null, expiresAt: data.expiresAt, confirmationsRequired: data.confirmationsRequired ?? null,
        };
      }
      case 'PaymentConfirmed':
        return { ...state, status: 'confirmed', transactionHash: event.data.transactionHash, confirmedBy: event.data.source };
      case 'PaymentConfirmationUndone':
        return { ...state, status: 'pending', transactionHash: null, confirmedBy: null };
      case 'PaymentFailed':
        return { ...state, status: 'failed', failureReason: event.data.reason };
      case 'PaymentQuoteClosed':
        return { ...state, status: 'failed', failureReason: closedQuoteReason(event.data.replacedByMethod, event.data.replacedBy, event.data.expired) };
      case 'PaymentTransferDetected':
      case 'PaymentTransferConfirmationsChanged':
      case 'PaymentTransferDropped':
        // The drop's time is not part of the decision; the views take it from the event's metadata.
        return { ...state, transfers: applyTransferEvent(state.transfers, event, '') };
      case 'PaymentUnderpaymentAccepted':
        return { ...state, underpaymentAccepted: true };
      case 'PaymentMarkedPaid':
      case 'PaymentRefundNoted':
        return state;
    }
  },

  decide(command, state) {
    if (command.kind === 'initiate') {
      if (state.paymentId !== null) throw new ConflictError(`Payment ${command.paymentId} already exists`);
      const { kind: _kind, ...data } = command;
      return [{ type: 'PaymentInitiated', version: 1, data }];
    }
    if (state.paymentId === null || state.orderId === null) throw new NotFoundError('Payment not found');
    const { paymentId, orderId } = state;
    switch (command.kind) {
      case 'confirm':
        if (state.status === 'confirmed') {
          if (state.transactionHash === command.transactionHash) return [];
          throw new ConflictError(`Payment ${paymentId} is already confirmed with another transaction`);
        }
        if (state.status === 'failed') throw new ConflictError(`Payment ${paymentId} has failed; start a new payment for the order`);
        return [{ type: 'PaymentConfirmed', version: 1, data: { paymentId, orderId, transactionHash: command.transactionHash, source: command.source } }];
      case 'close':
        // Only a quote still waiting for its transfer closes; a paid or failed one keeps its outcome, and one with money on its way stays payable.
        if (state.status !== 'pending' || state.transfers.some((transfer) => transfer.droppedAt === null)) return [];
        return [{ type: 'PaymentQuoteClosed', version: 1, data: { paymentId, orderId, replacedBy: command.replacedBy, replacedByMethod: command.replacedByMethod, expired: command.expired } }];
      case 'fail':
        if (state.status === 'failed') return [];
        if (state.status === 'confirmed') throw new ConflictError(`Payment ${paymentId} is already confirmed`);
        return [{ type: 'PaymentFailed', version: 1, data: { paymentId, orderId, reason: command.reason, source: command.source } }];
      case 'observe':
        return observe(state, paymentId, orderId, command.transfers, command.now);
      case 'acceptUnderpayment': {
        if (state.underpaymentAccepted) return [];
        const settlement = settlementOf(state);
        if (settlement.state !== 'underpaid' || state.status !== 'pending') {
          throw new ConflictError(`Payment ${paymentId} is not underpaid (it is ${state.status === 'pending' ? settlement.state : state.status})`);
        }
        return [{ type: 'PaymentUnderpaymentAccepted', version: 1, data: { paymentId, orderId, receivedUnits: settlement.receivedUnits, dueUnits: state.dueUnits!, note: command.note, decidedBy: command.decidedBy } }];
      }
      case 'markPaid':
        if (state.status === 'confirmed') throw new ConflictError(`Payment ${paymentId} is already confirmed`);
        if (state.status === 'failed') throw new ConflictError(`Payment ${paymentId} has failed; start a new payment for the order`);
        return [{ type: 'PaymentMarkedPaid', version: 1, data: { paymentId, orderId, reason: command.reason, transactionHash: command.transactionHash, decidedBy: command.decidedBy } }];
      case 'noteRefund':
        // A refund is of money received: a confirmed payment, or transfers the chain shows (an underpayment, a late one).
        if (state.status !== 'confirmed' && BigInt(settlementOf(state).receivedUnits) === 0n) throw new ConflictError(`Nothing was received for payment ${paymentId}, so there is nothing to refund`);
        return [{ type: 'PaymentRefundNoted', version: 1, data: { paymentId, orderId, note: command.note, transactionHash: command.transactionHash, decidedBy: command.decidedBy } }];
    }
  },
};

export function settlementOf(state: PaymentState): ChainSettlement {
  return chainSettlement(state.dueUnits, state.confirmationsRequired, state.expiresAt ?? '', state.transfers);
}

/** The transfer that a confirmation names: the latest one still on the chain. */
export function latestTransferHash(state: PaymentState): string | null {
  const counted = state.transfers.filter((transfer) => transfer.droppedAt === null);
  return counted.length === 0 ? null : counted[counted.length - 1].transactionHash;
}

/** Whether the chain alone has paid a payment that still waits: the watcher then confirms it through the settlement. */
export function chainPaysNow(state: PaymentState): boolean {
  return state.status === 'pending' && state.confirmationsRequired !== null && paidByChain(settlementOf(state));
}

/**
 * The differences between what the stream knows and what the chain shows: nothing when they agree, so
 * repeated polls and several watching instances append nothing twice. Confirmations are counted only up
 * to the policy. A chain confirmation whose transfers no longer pay is undone in the same decision.
 */
function observe(state: PaymentState, paymentId: number, orderId: number, seen: SeenTransfer[], now: string): PaymentEvent[] {
  const required = state.confirmationsRequired ?? 1;
  const events: PaymentEvent[] = [];
  const ids = { paymentId, orderId };
  for (const transfer of seen) {
    const placement = { blockHeight: transfer.blockHeight, blockHash: transfer.blockHash, confirmations: Math.min(transfer.confirmations, required) };
    const known = state.transfers.find((recorded) => recorded.transferId === transfer.transferId);
    if (!known || known.droppedAt !== null) {
      events.push({ type: 'PaymentTransferDetected', version: 1, data: { ...ids, transferId: transfer.transferId, transactionHash: transfer.transactionHash, amountUnits: transfer.amountUnits, ...placement, seenAt: now } });
    } else if (known.blockHeight !== placement.blockHeight || known.blockHash !== placement.blockHash || known.confirmations !== placement.confirmations) {
      events.push({ type: 'PaymentTransferConfirmationsChanged', version: 1, data: { ...ids, transferId: transfer.transferId, ...placement } });
    }
  }
  const seenIds = new Set(seen.map((transfer) => transfer.transferId));
  for (const recorded of state.transfers) {
    if (recorded.droppedAt === null && !seenIds.has(recorded.transferId)) events.push({ type: 'PaymentTransferDropped', version: 1, data: { ...ids, transferId: recorded.transferId } });
  }
  if (events.length > 0 && state.status === 'confirmed' && state.confirmedBy === CHAIN_WATCHER_SOURCE) {
    const after = events.reduce(paymentDecider.evolve, state);
    if (!paidByChain(settlementOf(after))) events.push({ type: 'PaymentConfirmationUndone', version: 1, data: { ...ids, reason: REORG_REASON } });
  }
  return events;
}
