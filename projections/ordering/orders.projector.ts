import { Inject, Injectable } from '@nestjs/common';
import { OrderPaymentReversal, upcastOrderStreamEvent } from '../../backend/src/ordering/contract/order.events';
import { parseCents } from '../../backend/src/shared/money';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { OrderView } from '../../backend/src/ordering/contract/order.views';
import { applyOnce, insertOnce, Projector } from '../runner/projector';

export const ORDERS_COLLECTION = 'orders';

/**
 * The total in cents too, for revenue sums without parsing strings. `paymentReversal`: the payment that
 * paid the order left the chain (the admin's flag; cleared when a payment confirms again); `expiryDeferral`:
 * the expiry waits for a payment on its way. Both absent on documents projected before they existed.
 */
export type OrderDocument = Document &
  OrderView & { totalCents: number; paymentReversal?: OrderPaymentReversal | null; expiryDeferral?: { paymentId: number; until: string; reason: string } | null };

/** Every order with its current state: for the customer's order list and the back office. */
@Injectable()
export class OrdersProjector implements Projector {
  readonly name = 'orders';
  readonly collections = [ORDERS_COLLECTION] as const;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  private get orders() {
    return this.readStore.collection<OrderDocument>(ORDERS_COLLECTION);
  }

  /** A customer's orders, a guest e-mail's orders to claim, and orders by status (the expiry sweep) are looked up, not scanned. */
  async prepare(): Promise<void> {
    await this.orders.createIndex({ customerId: 1, createdAt: -1 });
    await this.orders.createIndex({ customerEmail: 1 });
    await this.orders.createIndex({ status: 1 });
  }

  canHandle(event: RecordedEvent): boolean {
    return event.streamId.startsWith('order-');
  }

  /** Orders appear once placed: a submitted order is still holding its stock, a rejected one never existed for the shopper. */
  async apply(recorded: RecordedEvent): Promise<void> {
    const event = upcastOrderStreamEvent(recorded);
    const _id = String(event.data.orderId);
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'OrderPlaced': {
        const { orderId, lines, totals, ...order } = event.data;
        await insertOnce(
          this.orders,
          {
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
            createdAt: at,
            updatedAt: at,
          },
          recorded,
        );
        return;
      }
      case 'OrderPaymentConfirmed':
        await applyOnce(this.orders, { _id }, recorded, {
          $set: {
            paymentStatus: 'confirmed',
            status: event.data.statusAfter,
            paymentId: event.data.paymentId,
            blockchainTxHash: event.data.transactionHash,
            transactionId: event.data.transactionHash,
            paymentReversal: null,
            updatedAt: at,
          },
        });
        return;
      case 'OrderPaymentFailed': {
        const paidByAnother = event.data.paymentStatusAfter === 'confirmed';
        await applyOnce(this.orders, { _id }, recorded, { $set: paidByAnother ? { updatedAt: at } : { paymentStatus: 'failed', paymentId: event.data.paymentId, updatedAt: at } });
        return;
      }
      case 'OrderStatusChanged':
        await applyOnce(this.orders, { _id }, recorded, { $set: { status: event.data.to, updatedAt: at } });
        return;
      case 'OrderShipped':
        await applyOnce(this.orders, { _id }, recorded, {
          $set: { status: 'shipped', trackingNumber: event.data.trackingNumber, shippingCarrier: event.data.carrier, adminNotes: event.data.adminNotes, shippedAt: at, updatedAt: at },
        });
        return;
      case 'OrderCancelled':
      case 'OrderExpired':
        await applyOnce(this.orders, { _id }, recorded, { $set: { status: 'cancelled', cancellationReason: event.data.reason, updatedAt: at } });
        return;
      case 'OrderClaimedByCustomer':
        await applyOnce(this.orders, { _id }, recorded, { $set: { customerId: event.data.customerId, updatedAt: at } });
        return;
      case 'OrderPaymentReversed': {
        const { paymentId, reason, to, flagged } = event.data;
        const paymentReversal: OrderPaymentReversal = { paymentId, reason, at, flagged };
        await applyOnce(this.orders, { _id }, recorded, { $set: { status: to, paymentStatus: 'pending', blockchainTxHash: null, transactionId: null, paymentReversal, updatedAt: at } });
        return;
      }
      case 'OrderExpiryDeferred': {
        const { paymentId, until, reason } = event.data;
        await applyOnce(this.orders, { _id }, recorded, { $set: { expiryDeferral: { paymentId, until, reason }, updatedAt: at } });
        return;
      }
      default:
        return;
    }
  }
}
