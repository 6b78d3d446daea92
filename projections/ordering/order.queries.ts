import { Inject, Injectable } from '@nestjs/common';
import { figureIds, ORDER_FIGURES_COLLECTION, OrderFigureDocument, ORDERS_COLLECTION, OrderDocument } from './orders.projector';
import { nextDay, storeDayStart } from '../../backend/src/shared/contract/store-time';
import { Page, PageQuery } from '../../backend/src/shared/contract/paging';
import { findPage, mapPage } from '../runner/paging';
import { HELD_STOCK_ORDERS_READ, HeldStockView, OrderCountsView, OrderView, ReferralCodeView } from '../../backend/src/ordering/contract/order.views';
import { REFERRAL_CODES_COLLECTION, ReferralCodeDocument } from './referral-codes.projector';
import { ORDER_STATUSES, OrderStatus } from '../../backend/src/ordering/contract/checkout-rules';
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

  /** What was refunded of each of these orders that had a refund, by order id (the payments export's refund column). */
  async refundsOf(orderIds: number[]): Promise<Map<number, { paymentId: number | null; refundedAmount: string }>> {
    if (orderIds.length === 0) return new Map();
    const docs = await this.orders.find({ _id: { $in: [...new Set(orderIds)].map(String) } });
    return new Map(docs.filter((doc) => (doc.refundStatus ?? 'none') !== 'none').map((doc) => [doc.id, { paymentId: doc.paymentId, refundedAmount: doc.refundedAmount }]));
  }

  /**
   * A page of the back office's order list, newest first: by status, by number or by words of the
   * customer's e-mail or name, placed within store days. Without a search or a date range the total
   * is a figure the projector keeps; with one, the matches are counted through the indexes.
   */
  async page(search: OrderSearch, query: PageQuery): Promise<Page<OrderView>> {
    const filter: Filter = {};
    if (search.status) filter.status = search.status;
    if (search.from || search.to) filter.createdAt = { ...(search.from ? { $gte: storeDayStart(search.from) } : {}), ...(search.to ? { $lt: storeDayStart(nextDay(search.to)) } : {}) };
    const term = search.search?.trim().replace(/^#/, '');
    if (term) {
      if (/^\d{1,9}$/.test(term)) filter.id = Number(term);
      else filter.$text = { $search: term };
    }
    const counted = Object.keys(filter).every((key) => key === 'status') ? await this.figure(search.status ? figureIds.status(search.status) : figureIds.all, 'count') : undefined;
    return mapPage(await findPage(this.orders, filter, { createdAt: -1, id: -1 }, query, counted), toOrderView);
  }

  /** How many orders in all and in each status. */
  async counts(): Promise<OrderCountsView> {
    const [all, ...perStatus] = await Promise.all([this.figure(figureIds.all, 'count'), ...ORDER_STATUSES.map((status) => this.figure(figureIds.status(status), 'count'))]);
    return { all, ...(Object.fromEntries(ORDER_STATUSES.map((status, index) => [status, perStatus[index]])) as Record<OrderStatus, number>) };
  }

  /** The newest orders, for the dashboard. */
  async newest(count: number): Promise<OrderView[]> {
    return (await this.orders.find({}, { sort: { createdAt: -1, id: -1 }, limit: count })).map(toOrderView);
  }

  /** A figure the orders projector keeps (0 before anything moved it). */
  async figure(id: string, field: 'count' | 'cents'): Promise<number> {
    return (await this.readStore.collection<OrderFigureDocument>(ORDER_FIGURES_COLLECTION).findOne({ _id: id }))?.[field] ?? 0;
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

  /** A customer's own orders, newest first, a page at a time. */
  async forCustomer(customerId: string, query: PageQuery): Promise<Page<OrderView>> {
    return mapPage(await findPage(this.orders, { customerId }, { createdAt: -1, id: -1 }, query), toOrderView);
  }

  /**
   * Every order of a customer with what closing the account needs (issue 22): its buyer's address, and whether
   * the shop is still working on it (not yet delivered, cancelled or refunded, or a return under way).
   */
  async ofClosingCustomer(customerId: string): Promise<Array<{ id: number; customerEmail: string; inProgress: boolean }>> {
    const orders = await this.orders.find({ customerId }, { sort: { id: 1 } });
    return orders.map((order) => {
      const view = toOrderView(order);
      const returnOpen = view.returnRequest !== null && ['requested', 'authorized', 'received'].includes(view.returnRequest.status);
      const finished = view.status === 'delivered' || view.status === 'cancelled' || view.refundStatus === 'full';
      return { id: view.id, customerEmail: view.customerEmail, inProgress: returnOpen || !finished };
    });
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

  /** The stock held by orders not paid yet, per product (see HeldStockView). */
  async heldStock(): Promise<HeldStockView> {
    const unpaid = await this.orders.find({ status: 'pending', paymentStatus: { $ne: 'confirmed' } }, { sort: { status: 1, createdAt: -1, id: -1 }, limit: HELD_STOCK_ORDERS_READ });
    const products = new Map<number, HeldStockView['products'][number]>();
    let totalUnits = 0;
    for (const order of unpaid) {
      for (const item of order.items) {
        const product = products.get(item.productId) ?? { productId: item.productId, name: item.name, sku: item.sku, heldUnits: 0, orders: [] };
        product.heldUnits += item.quantity;
        product.orders.push({ orderId: order.id, quantity: item.quantity, paymentMethod: order.paymentMethod, customerEmail: order.customerEmail, createdAt: order.createdAt, paymentDueBy: order.paymentDueBy ?? null });
        products.set(item.productId, product);
        totalUnits += item.quantity;
      }
    }
    const list = [...products.values()].sort((a, b) => b.heldUnits - a.heldUnits || a.productId - b.productId);
    return { totalUnits, orders: unpaid.length, complete: unpaid.length < HELD_STOCK_ORDERS_READ, products: list };
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

export interface OrderSearch {
  status?: OrderStatus;
  /** An order number (with or without #), or part of the customer's e-mail or name. */
  search?: string;
  /** Store days (YYYY-MM-DD, Sydney), both included. */
  from?: string;
  to?: string;
}

function toOrderView(doc: OrderDocument): OrderView {
  const { _id, _position, totalCents, paidWith: _paidWith, ...view } = doc as OrderDocument & { _position?: number };
  // Documents projected before payment and delivery times and returns were kept have none of them until the projector's rebuild.
  return { ...view, paidAt: view.paidAt ?? null, deliveredAt: view.deliveredAt ?? null, returnRequest: view.returnRequest ?? null } as OrderView;
}
