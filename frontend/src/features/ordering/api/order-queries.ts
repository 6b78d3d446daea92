import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../api/client';
import type { Order } from '../../../api/types';
import type { OrderTimelineEntryView } from '../../../../../backend/src/ordering/contract/order-timeline';

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
