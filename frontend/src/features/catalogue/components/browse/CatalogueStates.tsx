import { PackageSearch } from 'lucide-react';
import { ReactNode, useEffect, useRef } from 'react';
import { ProductGrid, ProductLayout } from '../ProductCard';
import type { PagedProducts } from '../../api/useCatalogue';
import { Button } from '../../../../components/ui/Button';
import { EmptyState } from '../../../../components/ui/EmptyState';

/** What the results need of a product list query, whole or paged. */
type ProductResults = Pick<PagedProducts, 'data' | 'isLoading' | 'isError' | 'refetch'> & Partial<Pick<PagedProducts, 'total' | 'hasMore' | 'isLoadingMore' | 'loadMore'>>;

/** Storefront spec §8: a failed product list reads "Failed to fetch products". */
export function ProductsLoadError({ onRetry }: { onRetry(): void }) {
  return (
    <div className="notice notice-danger catalogue-error row gap between wrap" role="alert">
      <span>Failed to fetch products</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

export function NoProductsFound({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <EmptyState icon={PackageSearch} title="No products found" status>
      {children}
      {action}
    </EmptyState>
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
  products: ProductResults;
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
          <Button variant="primary" onClick={onViewAll}>
            View All Products
          </Button>
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
      {products.hasMore && products.loadMore && (
        <MoreProducts shown={products.data?.length ?? 0} total={products.total ?? 0} loading={products.isLoadingMore ?? false} onLoadMore={products.loadMore} />
      )}
    </>
  );
}

/**
 * The next page: loaded when the shopper scrolls near the end of the list, or with the button
 * (keyboard, or a browser without IntersectionObserver). Focus stays where it was.
 */
function MoreProducts({ shown, total, loading, onLoadMore }: { shown: number; total: number; loading: boolean; onLoadMore(): void }) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !loading) onLoadMore();
    }, { rootMargin: '600px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [loading, onLoadMore]);
  return (
    <div ref={sentinel} className="more-products">
      <p className="muted" aria-live="polite">
        Showing {shown} of {total} products
      </p>
      <Button variant="outline" onClick={onLoadMore} disabled={loading}>
        {loading ? 'Loading...' : 'Show more products'}
      </Button>
    </div>
  );
}
