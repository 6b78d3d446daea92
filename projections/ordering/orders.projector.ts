import { Inject, Injectable } from '@nestjs/common';
import { revenueCents, storeDay } from '../../backend/src/ordering/contract/back-office';
import { OrderPaymentReversal, OrderStreamEvent, upcastOrderStreamEvent } from '../../backend/src/ordering/contract/order.events';
import { OrderView } from '../../backend/src/ordering/contract/order.views';
import { parseCents } from '../../backend/src/shared/money';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { APPLIED_POSITION, applyOnce, incrementOnce, insertOnce, Projector, RunsOnTheLog } from '../runner/projector';

export const ORDERS_COLLECTION = 'orders';
/** The back office's figures, kept as orders change: counts per status, revenue per method, orders per store day. */
export const ORDER_FIGURES_COLLECTION = 'order_figures';

/**
 * The total in cents too, for revenue sums without parsing strings. `paymentReversal`: the payment that
 * paid the order left the chain (the admin's flag; cleared when a payment confirms again); `expiryDeferral`:
 * the expiry waits for a payment on its way. Both absent on documents projected before they existed.
 */
export type OrderDocument = Document &
  OrderView & {
    totalCents: number;
    paymentReversal?: OrderPaymentReversal | null;
    expiryDeferral?: { paymentId: number; until: string; reason: string } | null;
    /** The coin of the payment that paid it, when that is known (see OrderPaymentConfirmed). */
    paidWith?: string | null;
  };

/** The method an order's revenue counts under: the coin it was paid in, else the method it was placed with. */
const revenueMethod = (order: OrderDocument) => order.paidWith ?? order.paymentMethod;

export type OrderFigureDocument = Document & { count?: number; cents?: number };

/** Figure ids: every order, orders in a status, revenue of a payment method, orders placed on a store day and not cancelled. */
export const figureIds = {
  all: 'orders',
  status: (status: string) => `orders:${status}`,
  revenue: (method: string) => `revenue:${method}`,
  placedOn: (day: string) => `placed:${day}`,
};

/** The fields of an order that the search box of the Orders tab looks in (besides its number). */
export const ORDER_SEARCH_FIELDS = ['customerEmail', 'shippingAddress.firstName', 'shippingAddress.lastName'] as const;

/**
 * Every order with its current state, for the customer's order list and the back office, and the
 * figures the back office shows, moved as each order changes instead of recomputed from every order:
 * the dashboard and the list totals cost the same at ten orders or a million.
 */
@Injectable()
@RunsOnTheLog()
export class OrdersProjector implements Projector {
  readonly name = 'orders';
  readonly collections = [ORDERS_COLLECTION, ORDER_FIGURES_COLLECTION] as const;
  /** 2: the figures and the indexes of paged lists; 3: revenue per coin under the coin paid in; 4: refunds (refunded amount and state, revenue net of them). */
  readonly version = 4;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  private get orders() {
    return this.readStore.collection<OrderDocument>(ORDERS_COLLECTION);
  }

  private get figures() {
    return this.readStore.collection<OrderFigureDocument>(ORDER_FIGURES_COLLECTION);
  }

  /** Every list the back office and the customer page through is sorted on an index; guest orders to claim and the expiry sweep look up, never scan. */
  async prepare(): Promise<void> {
    await this.orders.createIndex({ createdAt: -1, id: -1 });
    await this.orders.createIndex({ status: 1, createdAt: -1, id: -1 });
    await this.orders.createIndex({ customerId: 1, createdAt: -1, id: -1 });
    await this.orders.createIndex({ customerEmail: 1 });
    await this.orders.createIndex({ id: 1 });
    await this.orders.createSearchIndex(ORDER_SEARCH_FIELDS);
  }

  canHandle(event: RecordedEvent): boolean {
    return event.streamId.startsWith('order-');
  }

  /** Orders appear once placed: a submitted order is still holding its stock, a rejected one never existed for the shopper. */
  async apply(recorded: RecordedEvent): Promise<void> {
    const event = upcastOrderStreamEvent(recorded);
    const _id = String(event.data.orderId);
    if (event.type === 'OrderPlaced') return this.placed(event, recorded);
    const change = changeOf(event, recorded.metadata.occurredAt);
    if (!change) return;
    const before = await this.orders.findOne({ _id });
    if (!before || ((before[APPLIED_POSITION] as number | undefined) ?? -1) >= recorded.position) return;
    await this.moveFigures(before, { ...before, ...change }, recorded);
    await applyOnce(this.orders, { _id }, recorded, { $set: change });
  }

  private async placed(event: Extract<OrderStreamEvent, { type: 'OrderPlaced' }>, recorded: RecordedEvent): Promise<void> {
    const at = recorded.metadata.occurredAt;
    const { orderId, lines, totals, ...order } = event.data;
    const _id = String(orderId);
    if (await this.orders.findOne({ _id })) return;
    const doc: OrderDocument = {
      _id,
      id: orderId,
      ...order,
      ...totals,
      totalCents: parseCents(totals.totalAmount),
      items: lines.map((line, index) => ({ id: index + 1, productId: line.productId, name: line.name, sku: line.sku, quantity: line.quantity, price: line.unitPrice, lineTotal: line.lineTotal })),
      paymentId: null,
      blockchainTxHash: null,
      transactionId: null,
      trackingNumber: null,
      shippingCarrier: null,
      shippedAt: null,
      adminNotes: null,
      cancellationReason: null,
      refundedAmount: '0.00',
      refundStatus: 'none',
      createdAt: at,
      updatedAt: at,
    };
    await incrementOnce(this.figures, figureIds.all, recorded, { count: 1 });
    await this.moveFigures(null, doc, recorded);
    await insertOnce(this.orders, doc, recorded);
  }

  /** Moves each figure by what the change of one order means to it: its status count, its revenue, its day's count. */
  private async moveFigures(before: OrderDocument | null, after: OrderDocument, recorded: RecordedEvent): Promise<void> {
    if (before?.status !== after.status) {
      if (before) await incrementOnce(this.figures, figureIds.status(before.status), recorded, { count: -1 });
      await incrementOnce(this.figures, figureIds.status(after.status), recorded, { count: 1 });
    }
    // Under the coin paid in: a payment in another coin than the order's moves the revenue from one method to the other.
    if (before && revenueMethod(before) !== revenueMethod(after)) {
      await incrementOnce(this.figures, figureIds.revenue(revenueMethod(before)), recorded, { cents: -revenueCents(before) });
      await incrementOnce(this.figures, figureIds.revenue(revenueMethod(after)), recorded, { cents: revenueCents(after) });
    } else {
      await incrementOnce(this.figures, figureIds.revenue(revenueMethod(after)), recorded, { cents: revenueCents(after) - (before ? revenueCents(before) : 0) });
    }
    const day = figureIds.placedOn(storeDay(new Date(after.createdAt)));
    const counted = (order: OrderDocument | null) => (order !== null && order.status !== 'cancelled' ? 1 : 0);
    await incrementOnce(this.figures, day, recorded, { count: counted(after) - counted(before) });
  }
}

/** What an event changes of an order (null: nothing the read model shows). */
function changeOf(event: OrderStreamEvent, at: string): Partial<OrderDocument> | null {
  switch (event.type) {
    case 'OrderPaymentConfirmed':
      return {
        paymentStatus: 'confirmed',
        status: event.data.statusAfter,
        paymentId: event.data.paymentId,
        blockchainTxHash: event.data.transactionHash,
        transactionId: event.data.transactionHash,
        paidWith: event.data.paidWith ?? null,
        paymentReversal: null,
        updatedAt: at,
      };
    case 'OrderPaymentFailed':
      return event.data.paymentStatusAfter === 'confirmed' ? { updatedAt: at } : { paymentStatus: 'failed', paymentId: event.data.paymentId, updatedAt: at };
    case 'OrderStatusChanged':
      return { status: event.data.to, ...(event.data.cashCollected ? { paymentStatus: 'confirmed' as const } : {}), updatedAt: at };
    case 'OrderShipped':
      return { status: 'shipped', trackingNumber: event.data.trackingNumber, shippingCarrier: event.data.carrier, adminNotes: event.data.adminNotes, shippedAt: at, updatedAt: at };
    case 'OrderCancelled':
    case 'OrderExpired':
      return { status: 'cancelled', cancellationReason: event.data.reason, updatedAt: at };
    case 'OrderClaimedByCustomer':
      return { customerId: event.data.customerId, updatedAt: at };
    case 'OrderRefunded':
      return { refundedAmount: event.data.refundedTotal, refundStatus: event.data.fully ? 'full' : 'partial', updatedAt: at };
    case 'OrderPaymentReversed': {
      const { paymentId, reason, to, flagged } = event.data;
      const paymentReversal: OrderPaymentReversal = { paymentId, reason, at, flagged };
      return { status: to, paymentStatus: 'pending', blockchainTxHash: null, transactionId: null, paidWith: null, paymentReversal, updatedAt: at };
    }
    case 'OrderPaymentWindowExtended':
      return { paymentDueBy: event.data.until, updatedAt: at };
    case 'OrderExpiryDeferred': {
      const { paymentId, until, reason } = event.data;
      return { expiryDeferral: { paymentId, until, reason }, updatedAt: at };
    }
    default:
      return null;
  }
}
