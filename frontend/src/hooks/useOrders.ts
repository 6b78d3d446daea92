import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../api/client';
import type { Order, Product } from '../api/types';

export const CUSTOMER_ORDERS_KEY = ['/api/customer/orders'] as const;

/** The signed-in customer's orders, newest first. */
export function useCustomerOrders() {
  return useQuery({
    queryKey: CUSTOMER_ORDERS_KEY,
    queryFn: () => apiGet<Order[]>('/api/customer/orders'),
    staleTime: 30_000,
  });
}

/** The current product (price, stock, still active) before it goes back into the cart. */
export function useFetchProduct() {
  const queryClient = useQueryClient();
  return (productId: number) =>
    queryClient.fetchQuery({ queryKey: ['/api/products', productId], queryFn: () => apiGet<Product>(`/api/products/${productId}`), staleTime: 0 });
}
