import { ArrowRight, ChartColumn, FlaskConical, FolderOpen, LayoutDashboard, Package, Search, Settings, ShoppingCart, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { CurrentUser } from '../../../../api/types';
import { ProductGrid, useCategories, useProducts, productCount, SearchField, NoProductsFound, ProductsLoadError, applyClientSort, findChoice, HOME_SORT_PILLS, visibleOnHome, parseCategoryId } from '../../../catalogue';
import { displayName, useAuth } from '../../../identity';
import { HOME_PRODUCT_LIMIT } from '../../../../lib/shop';
import { useCart } from '../../../cart';
import { useDebouncedValue } from '../../../../hooks/useDebouncedValue';
import { Button, ButtonLink } from '../../../../components/ui/Button';
import { StatCard } from '../../../../components/ui/StatCard';
import { QuickAction, QuickActionGrid } from '../../../../components/ui/QuickAction';
import './home.css';

/** Spec §5: a select option may not have an empty value, so "all" has a word of its own. */
const ALL_CATEGORIES = 'all';

function FeaturedProducts() {
  const categoryFieldId = useId();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text).trim();
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [sortValue, setSortValue] = useState<string>(HOME_SORT_PILLS[0].value);
  const sort = findChoice(HOME_SORT_PILLS, sortValue);
  const categories = useCategories();
  const products = useProducts({ search, categoryId, sortBy: sort.sortBy });
  const filtering = search !== '' || categoryId !== null;
  const sorted = applyClientSort(products.data, sort);
  const shown = visibleOnHome(sorted, HOME_PRODUCT_LIMIT, filtering);
  const category = categories.data?.find((candidate) => candidate.id === categoryId);
  const searching = products.isLoading || text.trim() !== search;

  const clearFilters = () => {
    setText('');
    setCategoryId(null);
    setSortValue(HOME_SORT_PILLS[0].value);
  };

  return (
    <section className="section featured-products" aria-labelledby="featured-heading">
      <div className="row between wrap gap">
        <h2 id="featured-heading">Featured Products</h2>
        <ButtonLink to="/products" variant="ghost">
          View All Products <ArrowRight size={16} aria-hidden />
        </ButtonLink>
      </div>
      <div className="featured-filters">
        <SearchField label="Search featured products" placeholder="Search products..." value={text} onValueChange={setText} />
        <div className="featured-category">
          <label htmlFor={categoryFieldId} className="sr-only">
            Category
          </label>
          <select
            id={categoryFieldId}
            className="select"
            value={categoryId === null ? ALL_CATEGORIES : String(categoryId)}
            onChange={(event) => setCategoryId(parseCategoryId(event.target.value))}
          >
            <option value={ALL_CATEGORIES}>All Categories</option>
            {categories.data?.map((option) => (
              <option key={option.id} value={String(option.id)}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        <Button variant="outline" onClick={clearFilters}>
          <X size={16} aria-hidden /> Clear Filters
        </Button>
      </div>
      <div className="category-chips sort-pills" role="group" aria-label="Sort products">
        {HOME_SORT_PILLS.map((pill) => (
          <button key={pill.value} type="button" className="chip" aria-pressed={pill.value === sort.value} onClick={() => setSortValue(pill.value)}>
            {pill.label}
          </button>
        ))}
      </div>
      <p className="muted featured-result" role="status" aria-live="polite">
        {searching
          ? 'Searching...'
          : `${productCount(products.data?.length ?? 0)} found${search ? ` for "${search}"` : ''}${category ? ` in ${category.name}` : ''}`}
      </p>
      {products.isError ? (
        <ProductsLoadError onRetry={() => products.refetch()} />
      ) : shown?.length === 0 ? (
        <NoProductsFound
          action={
            <Button variant="primary" onClick={clearFilters}>
              Clear Filters
            </Button>
          }
        >
          <p className="muted">Try another search term or category.</p>
        </NoProductsFound>
      ) : (
        <ProductGrid products={shown} isLoading={products.isLoading} skeletons={HOME_PRODUCT_LIMIT} />
      )}
    </section>
  );
}

const QUICK_ACTIONS = [
  { icon: Package, title: 'Manage Products', text: 'Add, edit and restock products' },
  { icon: ChartColumn, title: 'View Analytics', text: 'Sales, orders and revenue' },
  { icon: Settings, title: 'Store Settings', text: 'Payments, shipping and more' },
] as const;

/** Storefront spec §2, logged-in home. The quick actions lead to the back office, so only staff see them. */
export function SignedInHome({ user }: { user: CurrentUser }) {
  const { isStaff } = useAuth();
  const cart = useCart();
  const activeProducts = useProducts();
  const categories = useCategories();
  return (
    <div className="container signed-in-home">
      <section className="section welcome">
        <h1>Welcome back, {displayName(user)}!</h1>
        <p className="muted">Browse research compounds, track your orders and manage your cart.</p>
        <div className="row gap wrap">
          {isStaff ? (
            <ButtonLink to="/admin" variant="dark">
              <LayoutDashboard size={18} aria-hidden /> Admin Dashboard
            </ButtonLink>
          ) : (
            <ButtonLink to="/dashboard" variant="dark">
              <Package size={18} aria-hidden /> My Orders
            </ButtonLink>
          )}
          <ButtonLink to="/search" variant="primary">
            <Search size={18} aria-hidden /> Browse Products
          </ButtonLink>
          <Button variant="outline" onClick={cart.open}>
            <ShoppingCart size={18} aria-hidden /> View Cart ({cart.totalItems})
          </Button>
        </div>
        <div className="stat-grid">
          <StatCard variant="tile" icon={<Package size={22} />} value={activeProducts.data ? String(activeProducts.data.length) : '…'} label="Active Products" />
          <StatCard variant="tile" icon={<FolderOpen size={22} />} value={categories.data ? String(categories.data.length) : '…'} label="Categories" />
          <StatCard variant="tile" icon={<FlaskConical size={22} />} value="99%+" label="Purity Guaranteed" />
        </div>
      </section>

      <FeaturedProducts />

      {isStaff && (
        <section className="section" aria-labelledby="quick-actions-heading">
          <h2 id="quick-actions-heading">Quick Actions</h2>
          <QuickActionGrid>
            {QUICK_ACTIONS.map(({ icon, title, text }) => (
              <QuickAction key={title} to="/admin" icon={icon} title={title} text={text} />
            ))}
          </QuickActionGrid>
        </section>
      )}
    </div>
  );
}
