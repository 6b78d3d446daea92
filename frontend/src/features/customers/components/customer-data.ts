import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';
import type { Product } from '../../../api/types';
import type { OrderHistoryEntry } from '../../../../../backend/src/customers/contract/customer.views';

export type { OrderHistoryEntry } from '../../../../../backend/src/customers/contract/customer.views';

/** Checkout spec §7 Customer: the dashboard's lists, each computed on the server for the signed-in customer. */
export const customerQueries = {
  orderHistory: () => ({ queryKey: ['/api/user/order-history'] as const, queryFn: () => apiGet<OrderHistoryEntry[]>('/api/user/order-history'), staleTime: 30_000 }),
  recommendations: () => ({ queryKey: ['/api/user/recommendations'] as const, queryFn: () => apiGet<Product[]>('/api/user/recommendations'), staleTime: 60_000 }),
};

export const useOrderHistory = () => useQuery(customerQueries.orderHistory());
export const useRecommendations = () => useQuery(customerQueries.recommendations());
