import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGetEveryPage, apiGetPage, queryString } from '../../../api/client';
import type { Order } from '../../../api/types';
import { catalogueQueries } from '../../catalogue';

export const CUSTOMER_ORDERS_KEY = ['/api/customer/orders'] as const;
const CUSTOMER_ORDERS_STALE_MS = 30_000;

/** The signed-in customer's orders, every read under CUSTOMER_ORDERS_KEY: an order placed or paid refreshes them all. */
export const customerOrderQueries = {
  /** One page, newest first; the page shown stays while the next loads. */
  page: (page: number) =>
    queryOptions({
      queryKey: [...CUSTOMER_ORDERS_KEY, 'page', page],
      queryFn: () => apiGetPage<Order>(`${CUSTOMER_ORDERS_KEY[0]}${queryString({ page })}`),
      staleTime: CUSTOMER_ORDERS_STALE_MS,
      placeholderData: keepPreviousData,
    }),
  /** All of them, for figures over every order (the dashboard's counters per status, which the server does not keep per customer). */
  every: () =>
    queryOptions({
      queryKey: [...CUSTOMER_ORDERS_KEY, 'every'],
      queryFn: () => apiGetEveryPage<Order>(CUSTOMER_ORDERS_KEY[0]),
      staleTime: CUSTOMER_ORDERS_STALE_MS,
    }),
  /** The newest order alone, or null: checkout fills in its shipping details for the next one. */
  latest: () =>
    queryOptions({
      queryKey: [...CUSTOMER_ORDERS_KEY, 'latest'],
      queryFn: async () => (await apiGetPage<Order>(`${CUSTOMER_ORDERS_KEY[0]}${queryString({ pageSize: 1 })}`)).items[0] ?? null,
      staleTime: CUSTOMER_ORDERS_STALE_MS,
    }),
};

/** A page of the signed-in customer's orders, newest first. */
export const useCustomerOrders = (page: number) => useQuery(customerOrderQueries.page(page));

/** The current product (price, stock, still active) before it goes back into the cart. */
export function useFetchProduct() {
  const queryClient = useQueryClient();
  return (productId: number) =>
    queryClient.fetchQuery({ ...catalogueQueries.product(productId), staleTime: 0 });
}
