import type { Order } from '../../../api/types';
import { awaitsPayment, countByStatus } from './order-insights';

function order(id: number, createdAt: string, changes: Partial<Order> = {}, items: [number, string, number][] = []): Order {
  return {
    id,
    createdAt,
    status: 'pending',
    paymentStatus: 'pending',
    paymentMethod: 'bitcoin',
    items: items.map(([productId, name, quantity]) => ({ productId, name, sku: `SKU-${productId}`, quantity, unitPrice: '10.00', lineTotal: '10.00' })),
    ...changes,
  } as Order;
}

describe('dashboard order insights', () => {
  it('counts pending, processing, shipped and delivered orders, not cancelled ones', () => {
    const orders = [order(1, '2025-01-01', { status: 'shipped' }), order(2, '2025-01-02'), order(3, '2025-01-03', { status: 'cancelled' }), order(4, '2025-01-04', { status: 'shipped' })];
    expect(countByStatus(orders)).toEqual({ pending: 1, processing: 0, shipped: 2, delivered: 0 });
  });

  it('asks for payment only for pending crypto orders that are not paid', () => {
    expect(awaitsPayment(order(1, '2025-01-01'))).toBe(true);
    expect(awaitsPayment(order(2, '2025-01-01', { paymentStatus: 'failed' }))).toBe(true);
    expect(awaitsPayment(order(3, '2025-01-01', { paymentStatus: 'confirmed', status: 'processing' }))).toBe(false);
    expect(awaitsPayment(order(4, '2025-01-01', { status: 'cancelled' }))).toBe(false);
    expect(awaitsPayment(order(5, '2025-01-01', { paymentMethod: 'cash_on_delivery', paymentStatus: 'confirmed' }))).toBe(false);
  });
});
