import { ArrowLeft, User, X } from 'lucide-react';
import { useState } from 'react';
import type { ProductLayout } from '../components/ProductCard';
import { useAuth } from '../../identity';
import { useCategories, usePagedProducts } from '../api/useCatalogue';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { CategoryChips, CategoryFilterBadge, ColumnPicker, GridColumns, LayoutToggle, productCount, SearchField, SortSelect } from '../components/browse/CatalogueControls';
import { CatalogueResults } from '../components/browse/CatalogueStates';
import { PRODUCTS_PAGE_SORTS } from '../components/browse/product-sorting';
import { useCatalogueParams } from '../components/browse/useCatalogueParams';
import { Button, ButtonLink } from '../../../components/ui/Button';

/** Storefront spec §2, all products: search, category chips, layout, columns and sort over the whole catalogue. */
export default function ProductsPage() {
  const { user, isAuthenticated } = useAuth();
  const catalogue = useCatalogueParams();
  const [sortBy, setSortBy] = useState(PRODUCTS_PAGE_SORTS[0].value);
  const [layout, setLayout] = useState<ProductLayout>('grid');
  const [columns, setColumns] = useState<GridColumns>(4);
  const categories = useCategories();
  const products = usePagedProducts({ search: catalogue.term, categoryId: catalogue.categoryId, sortBy });
  const category = categories.data?.find((candidate) => candidate.id === catalogue.categoryId);
  const searching = products.isLoading || catalogue.isTyping;
  usePageTitle(catalogue.term ? `Search: ${catalogue.term}` : 'All Products');

  return (
    <div className="section products-page">
      <div className="container">
        <div className="catalogue-toolbar products-toolbar">
          <ButtonLink to="/" variant="ghost" size="sm">
            <ArrowLeft size={16} aria-hidden /> Back
          </ButtonLink>
          <form role="search" className="products-search" onSubmit={(event) => event.preventDefault()}>
            <SearchField
              label="Search products"
              placeholder="Search products by name, SKU or description..."
              value={catalogue.text}
              onValueChange={catalogue.setText}
              onClear={() => catalogue.searchNow('')}
            />
          </form>
          <span className="products-user">
            <User size={16} aria-hidden /> {isAuthenticated ? user?.firstName || 'User' : 'Guest'}
          </span>
        </div>

        <div className="results-heading">
          {catalogue.term ? (
            <>
              <h1>Search Results</h1>
              <p className="muted" aria-live="polite">
                {searching ? 'Searching...' : `Found ${productCount(products.total)} for "${catalogue.term}"`}
              </p>
            </>
          ) : (
            <>
              <h1>{category ? category.name : 'All Products'}</h1>
              <p className="muted" aria-live="polite">
                {searching ? 'Searching...' : productCount(products.total)}
              </p>
            </>
          )}
          {(catalogue.term || catalogue.categoryId !== null) && (
            <Button variant="outline" size="sm" onClick={catalogue.clear}>
              <X size={16} aria-hidden /> Clear
            </Button>
          )}
        </div>

        <CategoryChips categories={categories.data} selectedId={catalogue.categoryId} onSelect={catalogue.setCategoryId} />

        <div className="catalogue-toolbar">
          <div className="row gap">
            {category && <CategoryFilterBadge category={category} onRemove={() => catalogue.setCategoryId(null)} />}
          </div>
          <div className="row gap">
            <LayoutToggle layout={layout} onChange={setLayout} />
            {layout === 'grid' && <ColumnPicker columns={columns} onChange={setColumns} />}
            <SortSelect choices={PRODUCTS_PAGE_SORTS} value={sortBy} onChange={setSortBy} />
          </div>
        </div>

        <CatalogueResults products={products} term={catalogue.term} onViewAll={catalogue.clear} layout={layout} columns={columns} />
      </div>
    </div>
  );
}
