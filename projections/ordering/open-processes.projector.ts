import { Inject, Injectable } from '@nestjs/common';
import { upcastOrderStreamEvent } from '../../backend/src/ordering/contract/order.events';
import { PaymentEvent } from '../../backend/src/payments/contract/payment.events';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { insertOnce, Projector, RunsOnTheLog } from '../runner/projector';

export const OPEN_PROCESSES_COLLECTION = 'open_processes';

export type ProcessKind = 'placement' | 'stock-return' | 'settlement';

/**
 * A process manager's run that has started and not yet ended, so a restart can finish it.
 * A settlement has two sides, the order's and the payment's; it is open while exactly one is recorded.
 * Its reversal (the chain took the confirmed transfers back) is open from the payment's
 * PaymentConfirmationUndone (`reversing`) until the order records OrderPaymentReversed.
 */
export type OpenProcessDocument = Document & {
  kind: ProcessKind;
  orderId: number;
  openedAt: string;
  paymentId?: number;
  outcome?: 'confirmed' | 'failed';
  orderRecorded?: boolean;
  paymentRecorded?: boolean;
  transactionHash?: string;
  source?: string;
  reason?: string;
  reversing?: boolean;
  reversalReason?: string;
};

/** Started and unfinished runs of the placement, stock-return and settlement processes. */
@Injectable()
@RunsOnTheLog()
export class OpenProcessesProjector implements Projector {
  readonly name = 'open-processes';
  readonly collections = [OPEN_PROCESSES_COLLECTION] as const;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  private get processes() {
    return this.readStore.collection<OpenProcessDocument>(OPEN_PROCESSES_COLLECTION);
  }

  async prepare(): Promise<void> {}

  canHandle(event: RecordedEvent): boolean {
    return event.streamId.startsWith('order-') || event.streamId.startsWith('payment-');
  }

  async apply(recorded: RecordedEvent): Promise<void> {
    const openedAt = recorded.metadata.occurredAt;
    if (recorded.streamId.startsWith('payment-')) return this.applyPaymentEvent(recorded as unknown as PaymentEvent, openedAt);
    const event = upcastOrderStreamEvent(recorded);
    const orderId = event.data.orderId;
    switch (event.type) {
      case 'OrderSubmitted':
        return insertOnce(this.processes, { _id: `placement-${orderId}`, kind: 'placement', orderId, openedAt }, recorded);
      case 'OrderPlaced':
      case 'OrderRejected':
        await this.processes.deleteOne({ _id: `placement-${orderId}` });
        return;
      case 'OrderCancelled':
      case 'OrderExpired':
        return insertOnce(this.processes, { _id: `stock-return-${orderId}`, kind: 'stock-return', orderId, openedAt }, recorded);
      case 'OrderRefunded':
        if (!event.data.restock) return;
        return insertOnce(this.processes, { _id: `stock-return-${orderId}`, kind: 'stock-return', orderId, openedAt }, recorded);
      case 'OrderStockReleased':
        await this.processes.deleteOne({ _id: `stock-return-${orderId}` });
        return;
      case 'OrderPaymentConfirmed':
        return this.settlement(event.data.paymentId, orderId, openedAt, { orderRecorded: true, outcome: 'confirmed', transactionHash: event.data.transactionHash });
      case 'OrderPaymentFailed':
        return this.settlement(event.data.paymentId, orderId, openedAt, { orderRecorded: true, outcome: 'failed', reason: event.data.reason });
      case 'OrderPaymentReversed':
        // Both sides unsettled again: the settlement reopens when the payment confirms (or fails) anew.
        return this.settlement(event.data.paymentId, orderId, openedAt, { orderRecorded: false, reversing: false });
      default:
        return;
    }
  }

  private async applyPaymentEvent(event: PaymentEvent, openedAt: string): Promise<void> {
    const { paymentId, orderId } = event.data;
    if (event.type === 'PaymentConfirmed') {
      await this.settlement(paymentId, orderId, openedAt, { paymentRecorded: true, outcome: 'confirmed', transactionHash: event.data.transactionHash, source: event.data.source, reversing: false });
    } else if (event.type === 'PaymentConfirmationUndone') {
      // The reversal starts now: its age counts from here, not from the first confirmation.
      await this.processes.updateOne(
        { _id: `settlement-${paymentId}` },
        { $set: { kind: 'settlement', paymentId, orderId, paymentRecorded: false, reversing: true, reversalReason: event.data.reason, openedAt } },
        { upsert: true },
      );
    } else if (event.type === 'PaymentFailed') {
      await this.settlement(paymentId, orderId, openedAt, { paymentRecorded: true, outcome: 'failed', reason: event.data.reason, source: event.data.source });
    }
  }

  /** Setting flags is idempotent, so a settlement document needs no applied-position guard. */
  private async settlement(paymentId: number, orderId: number, openedAt: string, facts: Partial<OpenProcessDocument>): Promise<void> {
    await this.processes.updateOne(
      { _id: `settlement-${paymentId}` },
      { $set: { kind: 'settlement', paymentId, orderId, ...facts }, $min: { openedAt } },
      { upsert: true },
    );
  }
}
