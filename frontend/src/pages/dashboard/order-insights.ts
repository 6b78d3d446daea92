import type { Order } from '../../api/types';
import { isCryptoPaymentMethod } from '../../../../backend/src/ordering/contract/checkout-rules';

/** Checkout spec §9: dashboard limits. */
export const QUICK_REORDER_LIMIT = 4;
export const ON_SALE_AGAIN_LIMIT = 3;

/** Spec §2: four counters; cancelled orders have none. */
export const COUNTED_STATUSES = ['pending', 'processing', 'shipped', 'delivered'] as const;
export type CountedStatus = (typeof COUNTED_STATUSES)[number];

export function countByStatus(orders: Order[]): Record<CountedStatus, number> {
  const counts = { pending: 0, processing: 0, shipped: 0, delivered: 0 };
  for (const order of orders) if (order.status in counts) counts[order.status as CountedStatus] += 1;
  return counts;
}

export interface QuickReorderEntry {
  productId: number;
  name: string;
  quantity: number;
  lastOrderDate: string;
}

/** The most recently ordered distinct products, with the quantity of their latest order. */
export function quickReorderEntries(orders: Order[], limit = QUICK_REORDER_LIMIT): QuickReorderEntry[] {
  const entries = new Map<number, QuickReorderEntry>();
  const newestFirst = [...orders].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  for (const order of newestFirst) {
    for (const item of order.items) {
      if (entries.size >= limit) return [...entries.values()];
      if (!entries.has(item.productId)) entries.set(item.productId, { productId: item.productId, name: item.name, quantity: item.quantity, lastOrderDate: order.createdAt });
    }
  }
  return [...entries.values()];
}

export function orderedProductIds(orders: Order[]): Set<number> {
  return new Set(orders.flatMap((order) => order.items.map((item) => item.productId)));
}

/** A pending crypto order whose payment has not been confirmed: the customer can still pay it. */
export function awaitsPayment(order: Order): boolean {
  return order.status === 'pending' && order.paymentStatus !== 'confirmed' && isCryptoPaymentMethod(order.paymentMethod);
}
