import type { z } from 'zod';
import type { PaymentFilter, paymentListSchema } from '../../../../../backend/src/payments/contract/payment-input';
import type { PaymentsSettingsView } from '../../../../../backend/src/payments/contract/payment.views';
import { apiRequest, queryString } from '../../../api/client';
import type { Payment } from '../../../api/types';
import { ADMIN_PRODUCTS_KEY } from '../../catalogue/back-office';
import { ADMIN_ORDERS_KEY } from '../../ordering/back-office';
import { ADMIN_DASHBOARD_KEY, serverMessageOr, useAdminMutation, useAdminPage, useAdminQuery } from '../../../api/admin-queries';

export const ADMIN_PAYMENTS_KEY = ['/api/admin/payments'] as const;

/** The Payments tab's filters and page, as `GET /api/admin/payments` takes them. */
export type PaymentListQuery = z.infer<typeof paymentListSchema>;

/** The Payments tab's reads, under ADMIN_PAYMENTS_KEY, and its export: the same filters, every matching payment as CSV. */
export const adminPaymentQueries = {
  page: (query: PaymentListQuery) => ({ queryKey: [...ADMIN_PAYMENTS_KEY, 'page', query], url: `${ADMIN_PAYMENTS_KEY[0]}${queryString(query)}` }),
  detail: (paymentId: number) => ({ queryKey: [...ADMIN_PAYMENTS_KEY, 'detail', paymentId], url: `${ADMIN_PAYMENTS_KEY[0]}/${paymentId}` }),
  exportUrl: (filter: PaymentFilter) => `${ADMIN_PAYMENTS_KEY[0]}/export${queryString(filter)}`,
};

/** A page of payments, filtered on the server by settlement state, method and search; the page shown stays while another loads. */
export function usePaymentPage(query: PaymentListQuery) {
  const { queryKey, url } = adminPaymentQueries.page(query);
  return useAdminPage<Payment>(queryKey, url);
}

/** How payments are set up: derived addresses or fixed ones, live or demo rates (so the Payments tab can say so). */
export const usePaymentsSettings = () => useAdminQuery<PaymentsSettingsView>(['/api/admin/payments/settings']);

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

/** A decision settles the payment or notes on it: every payments list (each filter) and what the order shows are refreshed. */
const DECIDED = [ADMIN_PAYMENTS_KEY, ADMIN_ORDERS_KEY, ADMIN_DASHBOARD_KEY] as const;

export function useAcceptUnderpayment() {
  return useAdminMutation<{ paymentId: number; note: string }>({
    request: ({ paymentId, note }) => apiRequest('POST', `/api/admin/payments/${paymentId}/accept-underpayment`, { note }),
    success: { title: 'Underpayment accepted', description: 'The order is marked as paid with what arrived.' },
    failure: serverMessageOr('Failed to accept the underpayment.'),
    refresh: DECIDED,
  });
}

export function useMarkPaid() {
  return useAdminMutation<{ paymentId: number; reason: string; transactionHash?: string }>({
    request: ({ paymentId, ...body }) => apiRequest('POST', `/api/admin/payments/${paymentId}/mark-paid`, body),
    success: { title: 'Payment marked as paid', description: 'The order is marked as paid.' },
    failure: serverMessageOr('Failed to mark the payment as paid.'),
    refresh: DECIDED,
  });
}

export function useNoteRefund() {
  return useAdminMutation<{ paymentId: number; note: string; transactionHash?: string }>({
    request: ({ paymentId, ...body }) => apiRequest('POST', `/api/admin/payments/${paymentId}/refund-note`, body),
    success: { title: 'Refund noted', description: 'The refund is recorded on the payment.' },
    failure: serverMessageOr('Failed to note the refund.'),
    refresh: [ADMIN_PAYMENTS_KEY],
  });
}
