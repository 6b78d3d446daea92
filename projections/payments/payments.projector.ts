import { Inject, Injectable } from '@nestjs/common';
import { closedQuoteReason, PaymentEvent } from '../../backend/src/payments/contract/payment.events';
import { applyTransferEvent, chainSettlement, TransferRecord } from '../../backend/src/payments/contract/payment-settlement';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { PaymentDecisionView, PaymentView } from '../../backend/src/payments/contract/payment.views';
import { applyOnce, incrementOnce, insertOnce, Projector, RunsOnTheLog } from '../runner/projector';

export const PAYMENTS_COLLECTION = 'payments';
/** How many payments there are, kept as they are initiated: the unfiltered list's total without counting. */
export const PAYMENT_FIGURES_COLLECTION = 'payment_figures';
export const ALL_PAYMENTS_FIGURE = 'payments';
/** What the Payments tab's search looks in besides the ids: the transaction that paid. */
export const PAYMENT_SEARCH_FIELDS = ['transactionId'] as const;

/** Stored: the view's own fields less what the server adds at read time, plus the facts the chain settlement is derived from. */
export type StoredPayment = Omit<PaymentView, 'amountDue' | 'remainderUri' | 'transfers' | 'watched'> & { transfers: TransferRecord[] };
export type PaymentDocument = Document & StoredPayment;

/** Payments with their quotes, transfers, decisions and outcomes, for the payment panel and the back office. */
@Injectable()
@RunsOnTheLog()
export class PaymentsProjector implements Projector {
  readonly name = 'payments';
  readonly collections = [PAYMENTS_COLLECTION, PAYMENT_FIGURES_COLLECTION] as const;
  /** 2: the indexes of the paged Payments tab. */
  readonly version = 2;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  /** An order's payments (the checkout reuses a live quote, the supervisor settles) are looked up; the Payments tab pages on indexes. */
  async prepare(): Promise<void> {
    const payments = this.readStore.collection<PaymentDocument>(PAYMENTS_COLLECTION);
    await payments.createIndex({ orderId: 1 });
    await payments.createIndex({ id: 1 });
    await payments.createIndex({ createdAt: -1, id: -1 });
    await payments.createIndex({ paymentMethod: 1, createdAt: -1, id: -1 });
    await payments.createIndex({ 'settlement.state': 1, createdAt: -1, id: -1 });
    await payments.createSearchIndex(PAYMENT_SEARCH_FIELDS);
  }

  canHandle(event: RecordedEvent): boolean {
    return event.streamId.startsWith('payment-');
  }

  async apply(recorded: RecordedEvent): Promise<void> {
    const event = recorded as unknown as PaymentEvent;
    const payments = this.readStore.collection<PaymentDocument>(PAYMENTS_COLLECTION);
    const _id = String(event.data.paymentId);
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'PaymentInitiated': {
        const data = event.data;
        const confirmationsRequired = data.confirmationsRequired ?? null;
        if (await payments.findOne({ _id })) return;
        await incrementOnce(this.readStore.collection(PAYMENT_FIGURES_COLLECTION), ALL_PAYMENTS_FIGURE, recorded, { count: 1 });
        await insertOnce(
          payments,
          {
            _id, id: data.paymentId, orderId: data.orderId, paymentMethod: data.method, coin: data.coin, amount: data.amountAud, cryptoAmount: data.cryptoAmount,
            cryptoAmountUnits: data.cryptoAmountUnits ?? null, walletAddress: data.walletAddress, addressDerivation: data.addressDerivation ?? null, rateSources: data.rateSources ?? null,
            paymentUri: data.paymentUri, status: 'pending', transactionId: null, blockchainTxHash: null, failureReason: null,
            expiresAt: data.expiresAt, confirmedAt: null, failedAt: null, createdAt: at, updatedAt: at,
            fromHeight: data.fromHeight ?? null, transfers: [], decisions: [],
            settlement: chainSettlement(data.cryptoAmountUnits ?? null, confirmationsRequired, data.expiresAt, []),
          },
          recorded,
        );
        return;
      }
      case 'PaymentConfirmed':
        await applyOnce(payments, { _id }, recorded, {
          $set: { status: 'confirmed', transactionId: event.data.transactionHash, blockchainTxHash: event.data.transactionHash, confirmedAt: at, updatedAt: at },
        });
        return;
      case 'PaymentConfirmationUndone':
        await applyOnce(payments, { _id }, recorded, { $set: { status: 'pending', transactionId: null, blockchainTxHash: null, confirmedAt: null, updatedAt: at } });
        return;
      case 'PaymentFailed':
        await applyOnce(payments, { _id }, recorded, { $set: { status: 'failed', failureReason: event.data.reason, failedAt: at, updatedAt: at } });
        return;
      case 'PaymentQuoteClosed':
        await applyOnce(payments, { _id }, recorded, { $set: { status: 'failed', failureReason: closedQuoteReason(event.data.replacedByMethod, event.data.replacedBy, event.data.expired), failedAt: at, updatedAt: at } });
        return;
      case 'PaymentTransferDetected':
      case 'PaymentTransferConfirmationsChanged':
      case 'PaymentTransferDropped': {
        const doc = await payments.findOne({ _id });
        if (!doc) throw new Error(`Payment ${_id} has transfers but was never initiated`);
        // Documents projected before transfers existed lack them; a rebuild fills them in.
        const transfers = applyTransferEvent(doc.transfers ?? [], event, at);
        const settlement = chainSettlement(doc.cryptoAmountUnits, doc.settlement?.confirmationsRequired ?? null, doc.expiresAt, transfers);
        await applyOnce(payments, { _id }, recorded, { $set: { transfers, settlement, updatedAt: at } });
        return;
      }
      case 'PaymentUnderpaymentAccepted':
      case 'PaymentMarkedPaid':
      case 'PaymentRefundNoted': {
        const doc = await payments.findOne({ _id });
        if (!doc) throw new Error(`Payment ${_id} has a decision but was never initiated`);
        await applyOnce(payments, { _id }, recorded, { $set: { decisions: [...(doc.decisions ?? []), decisionOf(event, at)], updatedAt: at } });
        return;
      }
    }
  }
}

function decisionOf(event: Extract<PaymentEvent, { type: 'PaymentUnderpaymentAccepted' | 'PaymentMarkedPaid' | 'PaymentRefundNoted' }>, at: string): PaymentDecisionView {
  switch (event.type) {
    case 'PaymentUnderpaymentAccepted':
      return { kind: 'underpayment-accepted', note: event.data.note, transactionHash: null, decidedBy: event.data.decidedBy, at };
    case 'PaymentMarkedPaid':
      return { kind: 'marked-paid', note: event.data.reason, transactionHash: event.data.transactionHash, decidedBy: event.data.decidedBy, at };
    case 'PaymentRefundNoted':
      return { kind: 'refund-noted', note: event.data.note, transactionHash: event.data.transactionHash, decidedBy: event.data.decidedBy, at };
  }
}
