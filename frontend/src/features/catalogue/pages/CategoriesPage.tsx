import { ArrowRight, FolderOpen, LayoutGrid, Search, Settings } from 'lucide-react';
import { useCategories } from '../api/useCatalogue';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { productCount } from '../components/browse/CatalogueControls';
import { Button, ButtonLink } from '../../../components/ui/Button';
import '../components/browse/categories.css';
import { QuickAction, QuickActionGrid } from '../../../components/ui/QuickAction';
import { EmptyState } from '../../../components/ui/EmptyState';

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
          <EmptyState icon={FolderOpen} title="No categories found">
            <p className="muted">Categories will appear here once they are added to the system.</p>
            <ButtonLink to="/admin" variant="primary">
              Go to Admin Panel
            </ButtonLink>
          </EmptyState>
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
          <QuickActionGrid>
            <QuickAction to="/products" icon={LayoutGrid} title="View All Products" text="Browse the complete catalogue" />
            <QuickAction to="/search" icon={Search} title="Search Products" text="Find a compound by name or SKU" />
            <QuickAction to="/admin/products#categories" icon={Settings} title="Manage Categories" text="Add and organise categories" />
          </QuickActionGrid>
        </section>
      </div>
    </div>
  );
}
