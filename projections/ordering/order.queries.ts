import { Inject, Injectable } from '@nestjs/common';
import { ORDERS_COLLECTION, OrderDocument } from './orders.projector';
import { OrderView, ReferralCodeView } from '../../backend/src/ordering/contract/order.views';
import { REFERRAL_CODES_COLLECTION, ReferralCodeDocument } from './referral-codes.projector';
import { CASH_ON_DELIVERY, OrderStatus } from '../../backend/src/ordering/contract/checkout-rules';
import { NotFoundError } from '../../backend/src/shared/errors';
import { Filter, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { normaliseReferralCode } from '../../backend/src/ordering/contract/referral.events';
import { OrderTimelineEntryView } from '../../backend/src/ordering/contract/order-timeline';
import { ORDER_TIMELINE_COLLECTION, OrderTimelineDocument } from './order-timeline.projector';


@Injectable()
export class OrderQueries {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  private get orders() {
    return this.readStore.collection<OrderDocument>(ORDERS_COLLECTION);
  }

  async byId(orderId: number): Promise<OrderView> {
    const doc = await this.orders.findOne({ _id: String(orderId) });
    if (!doc) throw new NotFoundError('Order not found');
    return toOrderView(doc);
  }

  async list(status?: OrderStatus): Promise<OrderView[]> {
    const filter: Filter = status ? { status } : {};
    return (await this.orders.find(filter, { sort: { createdAt: -1, id: -1 } })).map(toOrderView);
  }

  /** Guest orders placed with this address (addresses are stored lower-cased), oldest first: candidates for claiming by e-mail. */
  async guestOrderIdsWithEmail(email: string): Promise<number[]> {
    return (await this.orders.find({ customerId: null, customerEmail: email.trim().toLowerCase() }, { sort: { id: 1 } })).map((order) => order.id);
  }

  /** The order's history in its customer's words, oldest first. */
  async timeline(orderId: number): Promise<OrderTimelineEntryView[]> {
    const entries = await this.readStore.collection<OrderTimelineDocument>(ORDER_TIMELINE_COLLECTION).find({ orderId }, { sort: { position: 1 } });
    return entries.map(({ kind, at, title, detail, trackingUrl }) => ({ kind, at, title, detail, trackingUrl }));
  }

  async forCustomer(customerId: string): Promise<OrderView[]> {
    return (await this.orders.find({ customerId }, { sort: { createdAt: -1, id: -1 } })).map(toOrderView);
  }

  /** A verified purchase: an order of theirs with this product that was delivered. Paid is not enough: nobody can review what has not arrived. */
  async hasBought(customerId: string, productId: number): Promise<boolean> {
    const order = await this.orders.findOne({
      customerId,
      items: { $elemMatch: { productId } },
      status: 'delivered',
    });
    return order !== null;
  }

  /** Unpaid crypto orders whose payment window has ended: the expiry process cancels them. */
  async unpaidPastDue(now: Date): Promise<number[]> {
    const overdue = await this.orders.find({ status: 'pending', paymentStatus: { $ne: 'confirmed' }, paymentDueBy: { $ne: null, $lte: now.toISOString() } }, { sort: { id: 1 } });
    return overdue.map((order) => order.id);
  }

  async referralCodes(): Promise<ReferralCodeView[]> {
    const docs = await this.readStore.collection<ReferralCodeDocument>(REFERRAL_CODES_COLLECTION).find({}, { sort: { createdAt: -1 } });
    return docs.map(({ code, discountPercentage, active, uses, createdAt }) => ({ code, discountPercentage, active, uses: uses ?? 0, createdAt }));
  }

  async activeReferralCode(code: string): Promise<{ discountPercentage: number }> {
    const doc = await this.readStore.collection<ReferralCodeDocument>(REFERRAL_CODES_COLLECTION).findOne({ _id: normaliseReferralCode(code) });
    if (!doc || !doc.active) throw new NotFoundError('Invalid referral code');
    return { discountPercentage: doc.discountPercentage };
  }
}

function toOrderView(doc: OrderDocument): OrderView {
  const { _id, _position, totalCents, ...view } = doc as OrderDocument & { _position?: number };
  return view as OrderView;
}
