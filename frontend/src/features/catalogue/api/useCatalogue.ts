import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiGet, apiGetPage, queryString } from '../../../api/client';
import { CACHE } from '../../../api/query-client';
import type { Product } from '../../../api/types';
import { catalogueKeys, catalogueQueries, normalisedFilter, ProductFilter } from './catalogue-queries';

export type { ProductFilter, ProductSort } from './catalogue-queries';

export function useProducts(filter: ProductFilter = {}) {
  const { search, categoryId, sortBy } = normalisedFilter(filter);
  return useQuery({
    queryKey: catalogueKeys.list(filter),
    queryFn: () => apiGet<Product[]>(`/api/products${queryString({ search, categoryId, sortBy })}`),
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
  const { search, categoryId, sortBy } = normalisedFilter(filter);
  const query = useInfiniteQuery({
    queryKey: catalogueKeys.paged(filter),
    queryFn: ({ pageParam }) => fetchProductPage(`/api/products${queryString({ search, categoryId, sortBy, limit: PRODUCT_PAGE_SIZE, offset: pageParam })}`, pageParam),
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
  return useQuery(catalogueQueries.product(id));
}

export function useOnSaleProducts() {
  return useQuery(catalogueQueries.onSale());
}

export function useCategories() {
  return useQuery(catalogueQueries.categories());
}
