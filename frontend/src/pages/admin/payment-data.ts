import { apiRequest } from '../../api/client';
import type { Payment } from '../../api/types';
import { ADMIN_DASHBOARD_KEY, ADMIN_ORDERS_KEY, ADMIN_PAYMENTS_KEY, serverMessageOr, useAdminMutation, useAdminQuery } from './admin-data';
import type { SettlementFilter } from './payment-format';

/** Every payment, or those in one settlement state (`?settlement=`); the last answer stays while another filter loads. */
export function usePaymentList(settlement: SettlementFilter) {
  const [url] = ADMIN_PAYMENTS_KEY;
  return useAdminQuery<Payment[]>(settlement === 'all' ? ADMIN_PAYMENTS_KEY : [url, { settlement }], settlement === 'all' ? url : `${url}?settlement=${settlement}`, { keepPrevious: true });
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
