import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import type { OrderLookupInput, OrderLookupView } from '../../../../../backend/src/ordering/contract/order-lookup';
export { orderQueries } from './order-queries';
export type { OrderTimelineEntry } from './order-queries';

/** "Find your order": the answer is shown once, on the lookup page; it is not kept anywhere. */
export function useOrderLookup() {
  return useMutation({ mutationFn: (input: OrderLookupInput) => apiRequest<OrderLookupView>('POST', '/api/orders/lookup', input) });
}
