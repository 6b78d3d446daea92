import { Inject, Injectable } from '@nestjs/common';
import { upcastOrderEvent } from '../../backend/src/ordering/contract/order.events';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { APPLIED_POSITION, applyOnce, insertOnce, Projector, RunsOnTheLog } from '../runner/projector';

export const PURCHASED_ORDERS_COLLECTION = 'purchased_orders';
export const PRODUCT_PURCHASES_COLLECTION = 'product_purchases';

export interface PurchasedLine {
  productId: number;
  name: string;
  quantity: number;
}

/** A placed order as purchase figures need it: who, what, when, and whether it still counts. */
export type PurchasedOrderDocument = Document & { orderId: number; customerId: string | null; lines: PurchasedLine[]; placedAt: string; cancelled: boolean };

/**
 * One per product ever ordered: units sold, and in how many orders each other product was bought
 * with it (keyed by that product's id), over orders that were not cancelled, by any customer or guest.
 */
export type ProductPurchasesDocument = Document & { productId: number; unitsSold: number; boughtWith: Record<string, number> };

const COUNTED_EVENTS = new Set(['OrderPlaced', 'OrderClaimedByCustomer', 'OrderCancelled', 'OrderExpired']);

/**
 * What customers bought: each customer's orders for their order history, and per product its sales
 * and co-purchases for recommendations. Counts are kept up to date as orders are placed and
 * cancelled, so no answer has to read every order.
 */
@Injectable()
@RunsOnTheLog()
export class PurchasesProjector implements Projector {
  readonly name = 'customer-purchases';
  readonly collections = [PURCHASED_ORDERS_COLLECTION, PRODUCT_PURCHASES_COLLECTION] as const;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  private get orders() {
    return this.readStore.collection<PurchasedOrderDocument>(PURCHASED_ORDERS_COLLECTION);
  }

  private get products() {
    return this.readStore.collection<ProductPurchasesDocument>(PRODUCT_PURCHASES_COLLECTION);
  }

  async prepare(): Promise<void> {
    await this.orders.createIndex({ customerId: 1 });
  }

  canHandle(event: RecordedEvent): boolean {
    return event.streamId.startsWith('order-') && COUNTED_EVENTS.has(event.type);
  }

  /**
   * Several documents change per event, each remembering the last position applied to it: an event
   * replayed after a crash part-way through changes only those it had not reached. A cancelled order
   * is marked last, so a replay still finds it uncounted.
   */
  async apply(recorded: RecordedEvent): Promise<void> {
    const event = upcastOrderEvent(recorded);
    const _id = String(event.data.orderId);
    switch (event.type) {
      case 'OrderPlaced': {
        const { orderId, customerId } = event.data;
        const lines = event.data.lines.map(({ productId, name, quantity }) => ({ productId, name, quantity }));
        await insertOnce(this.orders, { _id, orderId, customerId, lines, placedAt: recorded.metadata.occurredAt, cancelled: false }, recorded);
        await this.count(lines, recorded, 1);
        return;
      }
      // A guest's order that became the customer's (placed in their browser, or with their verified e-mail) is in their history.
      case 'OrderClaimedByCustomer':
        await applyOnce(this.orders, { _id }, recorded, { $set: { customerId: event.data.customerId } });
        return;
      case 'OrderCancelled':
      case 'OrderExpired': {
        const order = await this.orders.findOne({ _id });
        if (!order || order.cancelled) return;
        await this.count(order.lines, recorded, -1);
        await applyOnce(this.orders, { _id }, recorded, { $set: { cancelled: true } });
        return;
      }
      default:
        return;
    }
  }

  /** Adds (+1) or takes back (-1) one order's units and co-purchases on each of its products. */
  private async count(lines: PurchasedLine[], recorded: RecordedEvent, sign: 1 | -1): Promise<void> {
    const units = new Map<number, number>();
    for (const line of lines) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
    for (const [productId, quantity] of units) {
      const _id = String(productId);
      const doc = await this.products.findOne({ _id });
      if (doc && (doc[APPLIED_POSITION] as number) >= recorded.position) continue;
      const boughtWith = { ...(doc?.boughtWith ?? {}) };
      for (const other of units.keys()) {
        if (other === productId) continue;
        const together = (boughtWith[other] ?? 0) + sign;
        if (together > 0) boughtWith[other] = together;
        else delete boughtWith[other];
      }
      const unitsSold = (doc?.unitsSold ?? 0) + sign * quantity;
      if (doc) await applyOnce(this.products, { _id }, recorded, { $set: { unitsSold, boughtWith } });
      else await insertOnce(this.products, { _id, productId, unitsSold, boughtWith }, recorded);
    }
  }
}
