import { useQuery } from '@tanstack/react-query';
import { serverMessageOr, useAdminMutation, useAdminPage, useAdminQuery, useReportedQuery } from '../../api/admin-queries';
import type { z } from 'zod';
import { apiRequest, queryString } from '../../api/client';
import type { AdminDashboard, Order, OrderItem, Product } from '../../api/types';
import type { PaymentsSettingsView } from '../../../../backend/src/payments/contract/payment.views';
import type { OrderStatus } from '../../../../backend/src/ordering/contract/checkout-rules';
import type { orderListSchema } from '../../../../backend/src/ordering/contract/back-office-input';
import type { OrderCountsView } from '../../../../backend/src/ordering/contract/order.views';
import { catalogueQueries } from '../../features/catalogue';

export const ADMIN_ORDERS_KEY = ['/api/admin/orders'] as const;
export const ADMIN_PRODUCTS_KEY = ['/api/admin/products'] as const;
export const ADMIN_PAYMENTS_KEY = ['/api/admin/payments'] as const;
export const ADMIN_DASHBOARD_KEY = ['/api/admin/dashboard'] as const;

/** The Orders tab's filters and page, as `GET /api/admin/orders` takes them. */
export type OrderListQuery = z.infer<typeof orderListSchema>;

/** The Orders tab's reads, every key under ADMIN_ORDERS_KEY: refreshing that key refreshes the page shown and the counts. */
export const adminOrderQueries = {
  page: (query: OrderListQuery) => ({ queryKey: [...ADMIN_ORDERS_KEY, 'page', query], url: `${ADMIN_ORDERS_KEY[0]}${queryString(query)}` }),
  counts: () => ({ queryKey: [...ADMIN_ORDERS_KEY, 'counts'], url: `${ADMIN_ORDERS_KEY[0]}/counts` }),
};

export function useAdminOrderPage(query: OrderListQuery, enabled: boolean) {
  const { queryKey, url } = adminOrderQueries.page(query);
  return useAdminPage<Order>(queryKey, url, { enabled });
}

/** How many orders there are in all and per status, kept by the server (the status tabs' counts). */
export function useAdminOrderCounts() {
  const { queryKey, url } = adminOrderQueries.counts();
  return useAdminQuery<OrderCountsView>(queryKey, url);
}

export const useAdminProducts = () => useAdminQuery<Product[]>(ADMIN_PRODUCTS_KEY);
/** The storefront's categories query (one fetcher, one key), read fresh on every back-office visit. */
export const useAdminCategories = () => useReportedQuery(useQuery({ ...catalogueQueries.categories(), staleTime: 0 }));
/** Checkout spec §7: the View Details dialog reads an order's items from their own endpoint. */
export const useOrderItems = (orderId: number) => useAdminQuery<OrderItem[]>([`/api/orders/${orderId}/items`]);
/** How payments are set up: derived addresses or fixed ones, live or demo rates (so the Payments tab can say so). */
export const usePaymentsSettings = () => useAdminQuery<PaymentsSettingsView>(['/api/admin/payments/settings']);
/** The back office's figures, computed once on the server (revenue, orders today in the store's time zone). */
export const useAdminDashboard = () => useAdminQuery<AdminDashboard>(ADMIN_DASHBOARD_KEY);

export function useUpdateOrderStatus() {
  return useAdminMutation<{ orderId: number; status: OrderStatus }>({
    request: ({ orderId, status }) => apiRequest('PUT', `/api/orders/${orderId}/status`, { status }),
    success: { title: 'Status updated', description: 'Order status updated successfully.' },
    failure: 'Failed to update order status.',
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
    failure: 'Failed to update order shipping information.',
    refresh: [ADMIN_ORDERS_KEY, ADMIN_DASHBOARD_KEY],
  });
}

export function useConfirmPayment() {
  return useAdminMutation<{ paymentId: number; transactionHash: string }>({
    request: ({ paymentId, transactionHash }) => apiRequest('POST', `/api/admin/payments/${paymentId}/confirm`, { transactionHash }),
    success: { title: 'Payment Confirmed', description: 'The order is marked as paid.' },
    failure: serverMessageOr('Failed to confirm the payment.'),
    refresh: [ADMIN_PAYMENTS_KEY, ADMIN_ORDERS_KEY, ADMIN_DASHBOARD_KEY],
  });
}

export function useFailPayment() {
  return useAdminMutation<{ paymentId: number; reason: string }>({
    request: ({ paymentId, reason }) => apiRequest('POST', `/api/admin/payments/${paymentId}/fail`, { reason }),
    success: { title: 'Payment marked as failed' },
    failure: serverMessageOr('Failed to mark the payment as failed.'),
    refresh: [ADMIN_PAYMENTS_KEY, ADMIN_ORDERS_KEY, ADMIN_PRODUCTS_KEY, ADMIN_DASHBOARD_KEY],
  });
}
