import type { UseQueryResult } from '@tanstack/react-query';
import { PackageSearch } from 'lucide-react';
import { ReactNode } from 'react';
import type { Product } from '../../api/types';
import { ProductGrid, ProductLayout } from '../../components/ProductCard';

/** Storefront spec §8: a failed product list reads "Failed to fetch products". */
export function ProductsLoadError({ onRetry }: { onRetry(): void }) {
  return (
    <div className="notice notice-danger catalogue-error row gap between wrap" role="alert">
      <span>Failed to fetch products</span>
      <button type="button" className="button button-outline button-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

export function NoProductsFound({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state card" role="status">
      <PackageSearch size={40} className="empty-state-icon" aria-hidden />
      <h2>No products found</h2>
      {children}
      {action}
    </div>
  );
}

/** The results of /products and /search: the failure with a retry, the empty state for the term or category, or the cards. */
export function CatalogueResults({
  products,
  term,
  onViewAll,
  layout,
  columns = 4,
}: {
  products: UseQueryResult<Product[]>;
  term: string;
  onViewAll(): void;
  layout: ProductLayout;
  columns?: 2 | 3 | 4 | 5;
}) {
  if (products.isError) return <ProductsLoadError onRetry={() => products.refetch()} />;
  if (!products.isLoading && products.data?.length === 0) {
    return (
      <NoProductsFound
        action={
          <button type="button" className="button button-primary" onClick={onViewAll}>
            View All Products
          </button>
        }
      >
        <p className="muted">{term ? `No products match "${term}". Try adjusting your search terms.` : 'No products available in this category.'}</p>
      </NoProductsFound>
    );
  }
  return (
    <>
      <h2 className="sr-only">Products</h2>
      <ProductGrid products={products.data} isLoading={products.isLoading} layout={layout} columns={columns} skeletons={8} />
    </>
  );
}
