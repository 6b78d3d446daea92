import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';
import { CACHE } from '../../../api/query-client';
import type { Category, Product } from '../../../api/types';

export type ProductSort = 'featured' | 'popularity' | 'price_asc' | 'price_desc' | 'name' | 'newest';

export interface ProductFilter {
  search?: string;
  categoryId?: number | null;
  sortBy?: ProductSort;
}

/** A filter as the server reads it: no blank search, no category, "featured" is the default order. */
export function normalisedFilter(filter: ProductFilter): { search: string | undefined; categoryId: number | undefined; sortBy: Exclude<ProductSort, 'featured'> | undefined } {
  const search = filter.search?.trim() || undefined;
  return { search, categoryId: filter.categoryId ?? undefined, sortBy: filter.sortBy === 'featured' ? undefined : filter.sortBy };
}

/**
 * The catalogue's query keys, written here only: the hooks, the server's first render (entry-server)
 * and the back office's refreshes all take them from here, so one key never has two fetchers or two
 * cache rules.
 */
export const catalogueKeys = {
  /** Every product list and product (a refresh after a catalogue change). */
  products: ['/api/products'] as const,
  list: (filter: ProductFilter) => [...catalogueKeys.products, normalisedFilter(filter)] as const,
  paged: (filter: ProductFilter) => [...catalogueKeys.products, 'paged', normalisedFilter(filter)] as const,
  product: (productId: number | null) => [...catalogueKeys.products, productId] as const,
  productPart: (productId: number, part: 'rating' | 'reviews') => [...catalogueKeys.products, productId, part] as const,
  onSale: ['/api/products/on-sale'] as const,
  categories: ['/api/categories'] as const,
};

export const catalogueQueries = {
  product: (productId: number | null) =>
    queryOptions({ queryKey: catalogueKeys.product(productId), queryFn: () => apiGet<Product>(`/api/products/${productId}`), enabled: productId !== null, ...CACHE.products }),
  onSale: () => queryOptions({ queryKey: catalogueKeys.onSale, queryFn: () => apiGet<Product[]>('/api/products/on-sale'), ...CACHE.products }),
  categories: () => queryOptions({ queryKey: catalogueKeys.categories, queryFn: () => apiGet<Category[]>('/api/categories'), ...CACHE.categories }),
};
