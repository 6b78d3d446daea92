import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '../../../api/types';
import { CUSTOMER_ORDERS_KEY } from './useOrders';
import { apiRequest } from '../../../api/client';
import type { OrderLookupInput, OrderLookupView } from '../../../../../backend/src/ordering/contract/order-lookup';
import { orderQueries } from './order-queries';
import { uploadPrivateImages } from '../../media';
import type { PickedImage } from '../../media';
export { orderQueries };
export type { OrderTimelineEntry } from './order-queries';

/** "Find your order": the answer is shown once, on the lookup page; it is not kept anywhere. */
export function useOrderLookup() {
  return useMutation({ mutationFn: (input: OrderLookupInput) => apiRequest<OrderLookupView>('POST', '/api/orders/lookup', input) });
}

/**
 * The buyer cancels an order not yet paid (issue 21). `email` only where the page found the order through the
 * lookup (the server asks for it again); the order, its history and the customer's lists are read again after.
 */
/** The buyer's return (issue 21): the picked photos are uploaded first (a signed-in buyer's), then the request is sent. */
export function useRequestReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderId, photos, ...body }: { orderId: number; lines: { productId: number; quantity: number }[]; reason: string; email?: string; photos: PickedImage[] }) =>
      apiRequest<Order>('POST', `/api/orders/${orderId}/returns`, { ...body, unopened: true, photos: await uploadPrivateImages(photos) }),
    onSuccess: async (order) => {
      const { queryKey } = orderQueries.detail(order.id, false);
      queryClient.setQueryData(queryKey, order);
      await Promise.all([queryClient.invalidateQueries({ queryKey }), queryClient.invalidateQueries({ queryKey: CUSTOMER_ORDERS_KEY })]);
    },
  });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, email }: { orderId: number; email?: string }) => apiRequest<Order>('POST', `/api/orders/${orderId}/cancel`, email ? { email } : {}),
    onSuccess: async (order) => {
      // The order's key (its history's too, which begins with it), as the order page reads them.
      const { queryKey } = orderQueries.detail(order.id, false);
      queryClient.setQueryData(queryKey, order);
      await Promise.all([queryClient.invalidateQueries({ queryKey }), queryClient.invalidateQueries({ queryKey: CUSTOMER_ORDERS_KEY })]);
    },
  });
}
