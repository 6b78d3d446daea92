import { PaymentTransferEvent, TransferPlacement } from './payment.events';

/**
 * What the chain says of a payment, one definition for the write side (when to confirm) and the views:
 * - `awaiting`: nothing seen yet (the views show `expired` once the quote's time is up);
 * - `detected`: transfers seen, some still short of the confirmation policy;
 * - `confirmed` / `overpaid`: every transfer meets the policy and together they pay the amount (or more);
 * - `underpaid`: every transfer meets the policy and together they pay less: the rest is still due;
 * - `late`: the first transfer was seen after the quote expired; an administrator decides.
 */
export const SETTLEMENT_STATES = ['awaiting', 'detected', 'confirmed', 'underpaid', 'overpaid', 'late', 'expired'] as const;
export type SettlementState = (typeof SETTLEMENT_STATES)[number];

/** One transfer into the payment's address, as recorded on its stream. */
export interface TransferRecord extends TransferPlacement {
  transferId: string;
  transactionHash: string;
  amountUnits: string;
  seenAt: string;
  /** When it left the chain; such a transfer counts for nothing and stays listed for the record. */
  droppedAt: string | null;
}

export interface ChainSettlement {
  state: SettlementState;
  /** Sums in the coin's smallest unit, integer strings. */
  receivedUnits: string;
  confirmedUnits: string;
  /** What is still to pay (the quote's amount less everything received), never below zero. */
  amountDueUnits: string;
  overpaidUnits: string;
  /** The fewest confirmations among the transfers that count (n of N); null before any. */
  confirmations: number | null;
  confirmationsRequired: number | null;
}

/** Transfers as the stream's transfer events leave them, in the order first seen. */
export function applyTransferEvent(transfers: readonly TransferRecord[], event: PaymentTransferEvent, at: string): TransferRecord[] {
  const { transferId } = event.data;
  switch (event.type) {
    case 'PaymentTransferDetected': {
      const { paymentId: _p, orderId: _o, ...seen } = event.data;
      const record: TransferRecord = { ...seen, droppedAt: null };
      // A transfer back after a reorganisation keeps its first place and first sighting.
      const known = transfers.find((transfer) => transfer.transferId === transferId);
      return known ? transfers.map((transfer) => (transfer.transferId === transferId ? { ...record, seenAt: known.seenAt } : transfer)) : [...transfers, record];
    }
    case 'PaymentTransferConfirmationsChanged': {
      const { blockHeight, blockHash, confirmations } = event.data;
      return transfers.map((transfer) => (transfer.transferId === transferId ? { ...transfer, blockHeight, blockHash, confirmations } : transfer));
    }
    case 'PaymentTransferDropped':
      return transfers.map((transfer) => (transfer.transferId === transferId ? { ...transfer, droppedAt: at } : transfer));
  }
}

/** Settlement from the recorded transfers; `dueUnits` null (a quote from before amounts in units) is never paid by the chain. */
export function chainSettlement(dueUnits: string | null, confirmationsRequired: number | null, expiresAt: string, transfers: readonly TransferRecord[]): ChainSettlement {
  const counted = transfers.filter((transfer) => transfer.droppedAt === null);
  const required = confirmationsRequired ?? 1;
  const due = BigInt(dueUnits ?? '0');
  const received = counted.reduce((sum, transfer) => sum + BigInt(transfer.amountUnits), 0n);
  const confirmed = counted.filter((transfer) => transfer.confirmations >= required).reduce((sum, transfer) => sum + BigInt(transfer.amountUnits), 0n);
  const base = {
    receivedUnits: received.toString(),
    confirmedUnits: confirmed.toString(),
    amountDueUnits: (received >= due ? 0n : due - received).toString(),
    overpaidUnits: (received > due ? received - due : 0n).toString(),
    confirmations: counted.length === 0 ? null : Math.min(...counted.map((transfer) => transfer.confirmations)),
    confirmationsRequired,
  };
  const first = counted.reduce<TransferRecord | null>((earliest, transfer) => (earliest === null || transfer.seenAt < earliest.seenAt ? transfer : earliest), null);
  if (first === null) return { ...base, state: 'awaiting' };
  if (first.seenAt > expiresAt) return { ...base, state: 'late' };
  if (confirmed < received || dueUnits === null) return { ...base, state: 'detected' };
  if (confirmed < due) return { ...base, state: 'underpaid' };
  return { ...base, state: confirmed > due ? 'overpaid' : 'confirmed' };
}

/** The chain alone pays the order: on time, every transfer deep enough, the amount reached. */
export function paidByChain(settlement: ChainSettlement): boolean {
  return settlement.state === 'confirmed' || settlement.state === 'overpaid';
}
