import { PackageSearch } from 'lucide-react';
import { ReactNode } from 'react';

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
