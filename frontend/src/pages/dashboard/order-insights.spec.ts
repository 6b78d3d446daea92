import type { Order } from '../../api/types';
import { awaitsPayment, countByStatus, orderedProductIds, quickReorderEntries } from './order-insights';

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

  it('offers the four most recently ordered distinct products for a quick reorder, with their latest quantity', () => {
    const orders = [
      order(1, '2025-01-01T10:00:00Z', {}, [[1, 'BPC-157', 5], [2, 'TB-500', 1]]),
      order(2, '2025-02-01T10:00:00Z', {}, [[1, 'BPC-157', 2], [3, 'GHK-Cu', 1]]),
      order(3, '2025-03-01T10:00:00Z', {}, [[4, 'Semaglutide', 3], [5, 'HGH', 1]]),
    ];
    expect(quickReorderEntries(orders)).toEqual([
      { productId: 4, name: 'Semaglutide', quantity: 3, lastOrderDate: '2025-03-01T10:00:00Z' },
      { productId: 5, name: 'HGH', quantity: 1, lastOrderDate: '2025-03-01T10:00:00Z' },
      { productId: 1, name: 'BPC-157', quantity: 2, lastOrderDate: '2025-02-01T10:00:00Z' },
      { productId: 3, name: 'GHK-Cu', quantity: 1, lastOrderDate: '2025-02-01T10:00:00Z' },
    ]);
    expect([...orderedProductIds(orders)].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('asks for payment only for pending crypto orders that are not paid', () => {
    expect(awaitsPayment(order(1, '2025-01-01'))).toBe(true);
    expect(awaitsPayment(order(2, '2025-01-01', { paymentStatus: 'failed' }))).toBe(true);
    expect(awaitsPayment(order(3, '2025-01-01', { paymentStatus: 'confirmed', status: 'processing' }))).toBe(false);
    expect(awaitsPayment(order(4, '2025-01-01', { status: 'cancelled' }))).toBe(false);
    expect(awaitsPayment(order(5, '2025-01-01', { paymentMethod: 'cash_on_delivery', paymentStatus: 'confirmed' }))).toBe(false);
  });
});
