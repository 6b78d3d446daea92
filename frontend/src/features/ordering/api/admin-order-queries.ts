import { ADMIN_DASHBOARD_KEY, serverMessageOr, useAdminMutation, useAdminPage, useAdminQuery } from '../../../api/admin-queries';
import type { z } from 'zod';
import { apiRequest, messageOf, queryString } from '../../../api/client';
import type { AdminDashboard, Order, OrderItem } from '../../../api/types';
import type { OrderStatus } from '../../../../../backend/src/ordering/contract/checkout-rules';
import type { orderListSchema, RefundInput } from '../../../../../backend/src/ordering/contract/back-office-input';
import type { AdminOrderView, HeldStockView, OrderCountsView, OrderView } from '../../../../../backend/src/ordering/contract/order.views';
import type { OrderWithoutAmounts } from '../../../../../backend/src/ordering/contract/order-amounts';

/** An order of the back office's list: whole, or without what it costs for staff not shown amounts (fulfilment, issue 23). */
export type AdminOrderRow = AdminOrderView | OrderWithoutAmounts<AdminOrderView>;
/** One order as staff read it: whole, or without its amounts. */
export type StaffOrder = OrderView | OrderWithoutAmounts;

/** The order with what it costs, or null for staff who are not shown amounts. */
export function amountsOf<T extends StaffOrder>(order: T): Exclude<T, { amountsHidden: true }> | null {
  return 'amountsHidden' in order ? null : (order as Exclude<T, { amountsHidden: true }>);
}
import { ADMIN_PRODUCTS_KEY } from '../../catalogue/back-office';

export const ADMIN_ORDERS_KEY = ['/api/admin/orders'] as const;
/** Every order page and history the storefront holds (orderQueries' keys begin with it): refreshed after staff change an order. */
const STOREFRONT_ORDERS_KEY = ['/api/orders'] as const;

/** The Orders tab's filters and page, as `GET /api/admin/orders` takes them. */
export type OrderListQuery = z.infer<typeof orderListSchema>;

/** The Orders tab's reads, every key under ADMIN_ORDERS_KEY: refreshing that key refreshes the page shown and the counts. */
export const adminOrderQueries = {
  page: (query: OrderListQuery) => ({ queryKey: [...ADMIN_ORDERS_KEY, 'page', query], url: `${ADMIN_ORDERS_KEY[0]}${queryString(query)}` }),
  counts: () => ({ queryKey: [...ADMIN_ORDERS_KEY, 'counts'], url: `${ADMIN_ORDERS_KEY[0]}/counts` }),
};

export function useAdminOrderPage(query: OrderListQuery, enabled: boolean) {
  const { queryKey, url } = adminOrderQueries.page(query);
  return useAdminPage<AdminOrderRow>(queryKey, url, { enabled });
}

/** How many orders there are in all and per status, kept by the server (the status tabs' counts). */
export function useAdminOrderCounts() {
  const { queryKey, url } = adminOrderQueries.counts();
  return useAdminQuery<OrderCountsView>(queryKey, url);
}

/** Checkout spec §7: the View Details dialog reads an order's items from their own endpoint. */
export const useOrderItems = (orderId: number) => useAdminQuery<OrderItem[]>([`/api/orders/${orderId}/items`]);
/** The back office's figures, computed once on the server (revenue, orders today in the store's time zone). */
export const useAdminDashboard = () => useAdminQuery<AdminDashboard>(ADMIN_DASHBOARD_KEY);

export function useUpdateOrderStatus() {
  return useAdminMutation<{ orderId: number; status: OrderStatus }>({
    request: ({ orderId, status }) => apiRequest('PUT', `/api/orders/${orderId}/status`, { status }),
    success: { title: 'Status updated', description: 'Order status updated successfully.' },
    failure: serverMessageOr('Failed to update order status.'),
    refresh: [ADMIN_ORDERS_KEY, ADMIN_PRODUCTS_KEY, ADMIN_DASHBOARD_KEY],
  });
}

export interface ShippingInput {
  orderId: number;
  trackingNumber: string;
  shippingCarrier: string;
  adminNotes: string;
}

export function useShipOrder() {
  return useAdminMutation<ShippingInput>({
    request: ({ orderId, ...body }) => apiRequest('PUT', `/api/orders/${orderId}/shipping`, { ...body, status: 'shipped' }),
    success: { title: 'Order shipped', description: 'Shipping information updated and customer notified.' },
    failure: serverMessageOr('Failed to update order shipping information.'),
    refresh: [ADMIN_ORDERS_KEY, ADMIN_DASHBOARD_KEY],
  });
}

/** Stock held by orders not paid yet, per product (`GET /api/admin/stock/held`). */
export const HELD_STOCK_KEY = ['/api/admin/stock/held'] as const;
export const useHeldStock = () => useAdminQuery<HeldStockView>(HELD_STOCK_KEY);

/** Gives an unpaid order's held stock back to the shop by cancelling the order. */
export function useReleaseHeldStock() {
  return useAdminMutation<{ orderId: number }>({
    request: ({ orderId }) => apiRequest('POST', `/api/admin/orders/${orderId}/release`),
    success: (_, { orderId }) => ({ title: 'Stock released', description: `Order #${orderId} was cancelled and its stock is back on sale.` }),
    failure: (error) => messageOf(error, 'Failed to release the stock.'),
    refresh: [HELD_STOCK_KEY, ADMIN_ORDERS_KEY, ADMIN_PRODUCTS_KEY, ADMIN_DASHBOARD_KEY],
  });
}

/** Money given back on a paid order (issue 21): the server checks the amount, the address and the transaction. */
export function useRefundOrder() {
  return useAdminMutation<{ orderId: number } & RefundInput, Order>({
    request: ({ orderId, ...body }) => apiRequest<Order>('POST', `/api/admin/orders/${orderId}/refunds`, body),
    success: (order, input) => ({ title: 'Refund recorded', description: `A$${input.amount} refunded on order #${order.id}; the customer is e-mailed.` }),
    failure: serverMessageOr('The refund could not be recorded.'),
    refresh: [ADMIN_ORDERS_KEY, ADMIN_PRODUCTS_KEY, ADMIN_DASHBOARD_KEY, STOREFRONT_ORDERS_KEY],
  });
}

/** Staff's steps on a buyer's return (issue 21): authorize with instructions, refuse with a reason, mark the parcel received. */
export type ReturnStep = { step: 'authorize'; instructions: string | null } | { step: 'refuse'; reason: string } | { step: 'receive'; note: string | null };
const RETURN_STEP_DONE: Record<ReturnStep['step'], string> = { authorize: 'Return authorized', refuse: 'Return refused', receive: 'Return received' };

export function useDecideReturn() {
  return useAdminMutation<{ orderId: number } & ReturnStep, Order>({
    request: ({ orderId, step, ...body }) => apiRequest<Order>('POST', `/api/admin/orders/${orderId}/returns/${step}`, body),
    success: (order, input) => ({ title: RETURN_STEP_DONE[input.step], description: `Order #${order.id}: the customer is e-mailed.` }),
    failure: serverMessageOr('The return could not be updated.'),
    refresh: [ADMIN_ORDERS_KEY, STOREFRONT_ORDERS_KEY],
  });
}
