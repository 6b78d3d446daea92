import { useQuery } from '@tanstack/react-query';
import { apiGet, queryString } from '../api/client';
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
