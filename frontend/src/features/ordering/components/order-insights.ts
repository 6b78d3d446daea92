import type { Order } from '../../../api/types';
import { isCryptoPaymentMethod } from '../../../../../backend/src/ordering/contract/checkout-rules';

/** Checkout spec §9: dashboard limits. */
export const RECOMMENDED_LIMIT = 3;
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

/** A pending crypto order whose payment has not been confirmed: the customer can still pay it. */
export function awaitsPayment(order: Order): boolean {
  return order.status === 'pending' && order.paymentStatus !== 'confirmed' && isCryptoPaymentMethod(order.paymentMethod);
}
