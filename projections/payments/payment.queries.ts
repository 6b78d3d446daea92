import { Inject, Injectable } from '@nestjs/common';
import { PAYMENTS_COLLECTION, PaymentDocument } from './payments.projector';
import { PaymentView } from '../../backend/src/payments/contract/payment.views';
import { NotFoundError } from '../../backend/src/shared/errors';
import { READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';

@Injectable()
export class PaymentQueries {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  private get payments() {
    return this.readStore.collection<PaymentDocument>(PAYMENTS_COLLECTION);
  }

  async byId(paymentId: number): Promise<PaymentView> {
    const doc = await this.payments.findOne({ _id: String(paymentId) });
    if (!doc) throw new NotFoundError('Payment not found');
    return toPaymentView(doc);
  }

  /** A quote for this order and method that can still be paid, so asking again does not make a second payment. */
  async openQuote(orderId: number, paymentMethod: string, now: Date): Promise<PaymentView | null> {
    const doc = await this.payments.findOne({ orderId, paymentMethod, status: 'pending', expiresAt: { $gt: now.toISOString() } });
    return doc ? toPaymentView(doc) : null;
  }

  /** The order's quotes still waiting for a transfer, whatever their coin. */
  async pendingForOrder(orderId: number): Promise<PaymentView[]> {
    return (await this.payments.find({ orderId, status: 'pending' })).map(toPaymentView);
  }

  async list(): Promise<PaymentView[]> {
    return (await this.payments.find({}, { sort: { createdAt: -1, id: -1 } })).map(toPaymentView);
  }
}

type AddedLater = 'confirmedAt' | 'failedAt' | 'cryptoAmountUnits' | 'addressDerivation' | 'rateSources';

function toPaymentView(doc: PaymentDocument): PaymentView {
  const { _id, _position, ...view } = doc as PaymentDocument & { _position?: number };
  // Documents projected before the timeline's times (or the quote's units, derivation and sources) existed lack them; a rebuild fills them in.
  const stored = view as Omit<PaymentView, AddedLater> & Partial<Pick<PaymentView, AddedLater>>;
  return {
    ...stored,
    confirmedAt: stored.confirmedAt ?? null,
    failedAt: stored.failedAt ?? null,
    cryptoAmountUnits: stored.cryptoAmountUnits ?? null,
    addressDerivation: stored.addressDerivation ?? null,
    rateSources: stored.rateSources ?? null,
  };
}
