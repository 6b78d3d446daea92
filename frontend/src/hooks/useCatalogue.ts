import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiGet, apiGetPage, queryString } from '../api/client';
import { CACHE } from '../api/query-client';
import type { Category, Product } from '../api/types';

export type ProductSort = 'featured' | 'popularity' | 'price_asc' | 'price_desc' | 'name' | 'newest';

export interface ProductFilter {
  search?: string;
  categoryId?: number | null;
  sortBy?: ProductSort;
}

export function useProducts(filter: ProductFilter = {}) {
  const search = filter.search?.trim() || undefined;
  const sortBy = filter.sortBy === 'featured' ? undefined : filter.sortBy;
  return useQuery({
    queryKey: ['/api/products', { search, categoryId: filter.categoryId ?? undefined, sortBy }],
    queryFn: () => apiGet<Product[]>(`/api/products${queryString({ search, categoryId: filter.categoryId, sortBy })}`),
    ...CACHE.products,
  });
}

/** Products per page of /products and /search: the demo catalogue fits one, a large one loads as the shopper scrolls. */
export const PRODUCT_PAGE_SIZE = 48;

interface ProductPage {
  products: Product[];
  total: number;
  offset: number;
}

async function fetchProductPage(path: string, offset: number): Promise<ProductPage> {
  const { items, total } = await apiGetPage<Product>(path);
  return { products: items, total, offset };
}

/**
 * The catalogue a page at a time (`limit`/`offset`, the total from `X-Total-Count`), so a shop with
 * thousands of products does not send them all to show the first row. `data` is every product
 * loaded so far; `loadMore` fetches the next page.
 */
export function usePagedProducts(filter: ProductFilter = {}) {
  const search = filter.search?.trim() || undefined;
  const sortBy = filter.sortBy === 'featured' ? undefined : filter.sortBy;
  const query = useInfiniteQuery({
    queryKey: ['/api/products', 'paged', { search, categoryId: filter.categoryId ?? undefined, sortBy }],
    queryFn: ({ pageParam }) => fetchProductPage(`/api/products${queryString({ search, categoryId: filter.categoryId, sortBy, limit: PRODUCT_PAGE_SIZE, offset: pageParam })}`, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: ProductPage) => (last.offset + last.products.length < last.total && last.products.length > 0 ? last.offset + last.products.length : undefined),
    ...CACHE.products,
  });
  const pages = query.data?.pages;
  return {
    data: pages?.flatMap((page) => page.products),
    total: pages?.[0]?.total ?? 0,
    isLoading: query.isLoading,
    isError: query.isError,
    refetch: () => void query.refetch(),
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}
export type PagedProducts = ReturnType<typeof usePagedProducts>;

export function useProduct(id: number | null) {
  return useQuery({
    queryKey: ['/api/products', id],
    queryFn: () => apiGet<Product>(`/api/products/${id}`),
    enabled: id !== null,
    ...CACHE.products,
  });
}

export function useOnSaleProducts() {
  return useQuery({ queryKey: ['/api/products/on-sale'], queryFn: () => apiGet<Product[]>('/api/products/on-sale'), ...CACHE.products });
}

export function useCategories() {
  return useQuery({ queryKey: ['/api/categories'], queryFn: () => apiGet<Category[]>('/api/categories'), ...CACHE.categories });
}
