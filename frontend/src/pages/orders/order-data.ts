import { queryOptions, useMutation } from '@tanstack/react-query';
import { ApiError, apiGet, apiRequest } from '../../api/client';
import type { Order } from '../../api/types';
import type { OrderLookupInput, OrderLookupView } from '../../../../backend/src/ordering/contract/order-lookup';
import type { OrderTimelineEntryView } from '../../../../backend/src/ordering/contract/order-timeline';

export type OrderTimelineEntry = OrderTimelineEntryView;

/**
 * An order is readable by guests too (the browser that placed it), so a signed-in customer whose
 * session ended is told 404, not 401. When the shopper believed they were signed in, the session is
 * asked about: its 401 is then the error, and the app's signed-out handling takes over.
 */
async function getOrderPart<T>(path: string, signedIn: boolean): Promise<T> {
  try {
    return await apiGet<T>(path);
  } catch (error) {
    if (signedIn && error instanceof ApiError && error.status === 404) await apiGet('/api/auth/user');
    throw error;
  }
}

/** Read again on every visit: the shop ships, cancels and confirms payments at any time. */
export const orderQueries = {
  detail: (orderId: number, signedIn: boolean) =>
    queryOptions({ queryKey: ['/api/orders', orderId], queryFn: () => getOrderPart<Order>(`/api/orders/${orderId}`, signedIn), staleTime: 0 }),
  timeline: (orderId: number, signedIn: boolean) =>
    queryOptions({ queryKey: ['/api/orders', orderId, 'timeline'], queryFn: () => getOrderPart<OrderTimelineEntry[]>(`/api/orders/${orderId}/timeline`, signedIn), staleTime: 0 }),
};

/** "Find your order": the answer is shown once, on the lookup page; it is not kept anywhere. */
export function useOrderLookup() {
  return useMutation({ mutationFn: (input: OrderLookupInput) => apiRequest<OrderLookupView>('POST', '/api/orders/lookup', input) });
}
