import { Inject, Injectable } from '@nestjs/common';
import { isPersonalDataErased } from '../../backend/src/identity/contract/identity.events';
import { ERASED, erasedAddress } from '../../backend/src/shared/contract/personal-data';
import { revenueCents, storeDay } from '../../backend/src/ordering/contract/back-office';
import { OrderPaymentReversal, OrderStreamEvent, upcastOrderStreamEvent } from '../../backend/src/ordering/contract/order.events';
import { OrderView, ReturnRequestView } from '../../backend/src/ordering/contract/order.views';
import { RETURN_PHOTO_FULL, RETURN_PHOTO_THUMBNAIL, returnPhotoPath } from '../../backend/src/ordering/contract/order-returns';
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
  /**
   * 2: the figures and the indexes of paged lists; 3: revenue per coin under the coin paid in; 4: refunds (refunded amount
   * and state, revenue net of them); 5: returns, and when each order was paid and delivered.
   */
  readonly version = 5;

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
    return event.streamId.startsWith('order-') || isPersonalDataErased(event);
  }

  /** Orders appear once placed: a submitted order is still holding its stock, a rejected one never existed for the shopper. */
  async apply(recorded: RecordedEvent): Promise<void> {
    // A closed account's orders keep their lines and amounts (the books), without their buyer.
    if (isPersonalDataErased(recorded)) {
      await this.orders.updateMany({ id: { $in: recorded.data.orderIds } }, { $set: { customerEmail: ERASED, deliveryInstructions: null, ...erasedAddress('shippingAddress') } });
      return;
    }
    const event = upcastOrderStreamEvent(recorded);
    const _id = String(event.data.orderId);
    if (event.type === 'OrderPlaced') return this.placed(event, recorded);
    if (!changes(event)) return;
    const before = await this.orders.findOne({ _id });
    if (!before || ((before[APPLIED_POSITION] as number | undefined) ?? -1) >= recorded.position) return;
    const change = changeOf(event, recorded.metadata.occurredAt, before);
    if (!change) return;
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
      paidAt: null,
      deliveredAt: null,
      returnRequest: null,
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

/**
 * The steps of an order's stream that the read model does not show (OrderPlaced creates it): no read of the order for
 * them. Every other event is read against the order and changeOf decides; a new event type costs a read, never a change lost.
 */
const UNSHOWN = new Set<OrderStreamEvent['type']>(['OrderSubmitted', 'OrderRejected', 'OrderStockReleased', 'OrderBuyersRecorded']);
const changes = (event: OrderStreamEvent) => !UNSHOWN.has(event.type);

/** The order's return moved on: its new status and staff's note (documents projected before returns have none). */
function returnMoved(before: OrderDocument, at: string, status: ReturnRequestView['status'], staffNote: string | null): Partial<OrderDocument> | null {
  const current = before.returnRequest ?? null;
  if (current === null) return null;
  return { returnRequest: { ...current, status, staffNote, updatedAt: at }, updatedAt: at };
}

/** What an event changes of an order (null: nothing the read model shows). */
function changeOf(event: OrderStreamEvent, at: string, before: OrderDocument): Partial<OrderDocument> | null {
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
        paidAt: at,
        updatedAt: at,
      };
    case 'OrderPaymentFailed':
      return event.data.paymentStatusAfter === 'confirmed' ? { updatedAt: at } : { paymentStatus: 'failed', paymentId: event.data.paymentId, updatedAt: at };
    case 'OrderStatusChanged':
      return {
        status: event.data.to,
        ...(event.data.cashCollected ? { paymentStatus: 'confirmed' as const, paidAt: at } : {}),
        ...(event.data.to === 'delivered' ? { deliveredAt: event.data.at ?? at } : {}),
        updatedAt: at,
      };
    case 'OrderShipped':
      return { status: 'shipped', trackingNumber: event.data.trackingNumber, shippingCarrier: event.data.carrier, adminNotes: event.data.adminNotes, shippedAt: at, updatedAt: at };
    case 'OrderCancelled':
    case 'OrderExpired':
      return { status: 'cancelled', cancellationReason: event.data.reason, updatedAt: at };
    case 'OrderClaimedByCustomer':
      return { customerId: event.data.customerId, updatedAt: at };
    case 'OrderRefunded': {
      // A refund after the returned parcel arrived closes the return (as the order decider has it).
      const closesReturn = before.returnRequest?.status === 'received' ? returnMoved(before, at, 'refunded', before.returnRequest.staffNote) : null;
      return { refundedAmount: event.data.refundedTotal, refundStatus: event.data.fully ? 'full' : 'partial', ...closesReturn, updatedAt: at };
    }
    case 'OrderReturnRequested': {
      const { lines, amount, reason, photos } = event.data;
      const views = photos.map((id) => ({ id, thumbnailUrl: returnPhotoPath(event.data.orderId, id, RETURN_PHOTO_THUMBNAIL), imageUrl: returnPhotoPath(event.data.orderId, id, RETURN_PHOTO_FULL) }));
      return { returnRequest: { status: 'requested', lines, amount, reason, photos: views, requestedAt: at, staffNote: null, updatedAt: at }, updatedAt: at };
    }
    case 'OrderReturnAuthorized':
      return returnMoved(before, at, 'authorized', event.data.instructions);
    case 'OrderReturnRefused':
      return returnMoved(before, at, 'refused', event.data.reason);
    case 'OrderReturnReceived':
      return returnMoved(before, at, 'received', event.data.note);
    case 'OrderPaymentReversed': {
      const { paymentId, reason, to, flagged } = event.data;
      const paymentReversal: OrderPaymentReversal = { paymentId, reason, at, flagged };
      return { status: to, paymentStatus: 'pending', blockchainTxHash: null, transactionId: null, paidWith: null, paidAt: null, paymentReversal, updatedAt: at };
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
