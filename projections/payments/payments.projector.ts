import { Inject, Injectable } from '@nestjs/common';
import { closedQuoteReason, PaymentEvent } from '../../backend/src/payments/contract/payment.events';
import { PaymentStatus } from '../../backend/src/ordering/contract/checkout-rules';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { PaymentView } from '../../backend/src/payments/contract/payment.views';
import { applyOnce, insertOnce, Projector } from '../runner/projector';

export const PAYMENTS_COLLECTION = 'payments';


export type PaymentDocument = Document & PaymentView;

/** Payments with their quotes and outcomes, for the payment panel and the back office. */
@Injectable()
export class PaymentsProjector implements Projector {
  readonly name = 'payments';
  readonly collections = [PAYMENTS_COLLECTION] as const;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async prepare(): Promise<void> {}

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
        await insertOnce(
          payments,
          {
            _id, id: data.paymentId, orderId: data.orderId, paymentMethod: data.method, coin: data.coin, amount: data.amountAud, cryptoAmount: data.cryptoAmount,
            cryptoAmountUnits: data.cryptoAmountUnits ?? null, walletAddress: data.walletAddress, addressDerivation: data.addressDerivation ?? null, rateSources: data.rateSources ?? null,
            paymentUri: data.paymentUri, status: 'pending', transactionId: null, blockchainTxHash: null, failureReason: null,
            expiresAt: data.expiresAt, confirmedAt: null, failedAt: null, createdAt: at, updatedAt: at,
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
      case 'PaymentFailed':
        await applyOnce(payments, { _id }, recorded, { $set: { status: 'failed', failureReason: event.data.reason, failedAt: at, updatedAt: at } });
        return;
      case 'PaymentQuoteClosed':
        await applyOnce(payments, { _id }, recorded, { $set: { status: 'failed', failureReason: closedQuoteReason(event.data.replacedByMethod, event.data.replacedBy, event.data.expired), failedAt: at, updatedAt: at } });
        return;
    }
  }
}
