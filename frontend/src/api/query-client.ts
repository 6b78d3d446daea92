import { QueryClient, QueryFunction } from '@tanstack/react-query';
import { apiGet } from './client';

/** Spec §7: a query without its own function GETs the path made of its key segments. */
const pathFromKey: QueryFunction = ({ queryKey }) => apiGet(queryKey.join('/'));

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { queryFn: pathFromKey, retry: false, staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false },
      mutations: { retry: false },
    },
  });
}

/** Spec §9 caches, in milliseconds. */
export const CACHE = {
  products: { staleTime: 2 * 60_000, gcTime: 5 * 60_000 },
  categories: { staleTime: 10 * 60_000, gcTime: 30 * 60_000 },
  rating: { staleTime: 5 * 60_000, gcTime: 10 * 60_000 },
} as const;
