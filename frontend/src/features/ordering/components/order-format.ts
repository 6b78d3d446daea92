import { SHIPPING_METHODS } from '../../../../../backend/src/ordering/contract/checkout-rules';
import type { Order } from '../../../api/types';

export function shippingMethodLabel(method: string): string {
  return method in SHIPPING_METHODS ? SHIPPING_METHODS[method as keyof typeof SHIPPING_METHODS].label : method;
}

export function customerName(order: Pick<Order, 'shippingAddress' | 'customerEmail'>): string {
  const name = `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`.trim();
  return name || order.customerEmail;
}
