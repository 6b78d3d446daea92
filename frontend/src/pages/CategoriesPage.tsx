import { ArrowRight, FolderOpen, LayoutGrid, Search, Settings } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useCategories } from '../hooks/useCatalogue';
import { usePageTitle } from '../hooks/usePageTitle';
import { productCount } from './catalogue/CatalogueControls';
import { Button, ButtonLink } from '../components/ui/Button';
import './catalogue/categories.css';

export const CATEGORY_DESCRIPTION_FALLBACK = 'High-quality research compounds for scientific studies and analysis.';

function CategoryCardSkeleton() {
  return (
    <div className="card category-card" aria-hidden>
      <div className="skeleton skeleton-line short" />
      <div className="skeleton skeleton-line" />
      <div className="skeleton skeleton-line" />
    </div>
  );
}

/** Storefront spec §2, categories. The admin links are shown to everyone; /admin itself turns non-admins away. */
export default function CategoriesPage() {
  usePageTitle('Categories');
  const categories = useCategories();

  return (
    <div className="section categories-page">
      <div className="container">
        <h1>Research Categories</h1>
        <p className="muted">Browse our catalogue of research compounds by category.</p>

        {categories.isError ? (
          <div className="notice notice-danger row gap between wrap" role="alert">
            <span>Failed to load categories</span>
            <Button variant="outline" size="sm" onClick={() => categories.refetch()}>
              Try again
            </Button>
          </div>
        ) : categories.isLoading ? (
          <div className="category-grid" role="status" aria-busy="true" aria-label="Loading categories">
            {Array.from({ length: 6 }, (_, index) => (
              <CategoryCardSkeleton key={index} />
            ))}
          </div>
        ) : categories.data?.length === 0 ? (
          <div className="empty-state card">
            <FolderOpen size={40} className="muted" aria-hidden />
            <h2>No categories found</h2>
            <p className="muted">Categories will appear here once they are added to the system.</p>
            <ButtonLink to="/admin" variant="primary">
              Go to Admin Panel
            </ButtonLink>
          </div>
        ) : (
          <ul className="category-grid" aria-label="Categories">
            {categories.data?.map((category) => (
              <li key={category.id} className="card category-card">
                <span className="category-card-icon" aria-hidden>
                  <FolderOpen size={22} />
                </span>
                <h2 className="category-card-name">{category.name}</h2>
                <p className="muted category-card-description">{category.description || CATEGORY_DESCRIPTION_FALLBACK}</p>
                <p className="category-card-count">{productCount(category.productCount)}</p>
                <ButtonLink to={`/search?categoryId=${category.id}`} variant="outline" block aria-label={`Explore Products in ${category.name}`}>
                  Explore Products <ArrowRight size={16} aria-hidden />
                </ButtonLink>
              </li>
            ))}
          </ul>
        )}

        <section className="category-quick-actions" aria-labelledby="category-quick-actions-heading">
          <h2 id="category-quick-actions-heading">Quick Actions</h2>
          <div className="quick-action-grid">
            <Link to="/products" className="card quick-action">
              <LayoutGrid size={22} aria-hidden />
              <span className="quick-action-title">View All Products</span>
              <span className="muted small">Browse the complete catalogue</span>
            </Link>
            <Link to="/search" className="card quick-action">
              <Search size={22} aria-hidden />
              <span className="quick-action-title">Search Products</span>
              <span className="muted small">Find a compound by name or SKU</span>
            </Link>
            <Link to="/admin/products#categories" className="card quick-action">
              <Settings size={22} aria-hidden />
              <span className="quick-action-title">Manage Categories</span>
              <span className="muted small">Add and organise categories</span>
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
