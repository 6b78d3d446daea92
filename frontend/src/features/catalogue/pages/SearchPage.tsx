import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Category } from '../../../api/types';
import type { ProductLayout } from '../components/ProductCard';
import { ProductSort, useCategories, usePagedProducts } from '../api/useCatalogue';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { useRecentSearches } from '../components/browse/useRecentSearches';
import { CategoryFilterBadge, LayoutToggle, productCount, SortSelect } from '../components/browse/CatalogueControls';
import { CatalogueResults } from '../components/browse/CatalogueStates';
import { CATALOGUE_SORTS } from '../components/browse/product-sorting';
import { SearchCombobox } from '../components/browse/SearchCombobox';
import { buildSuggestions, Suggestion } from '../components/browse/suggestions';
import { useCatalogueParams } from '../components/browse/useCatalogueParams';

function ResearchCategories({ categories, selectedId, onSelect }: { categories: Category[]; selectedId: number | null; onSelect(id: number): void }) {
  return (
    <section className="research-categories" aria-labelledby="research-categories-heading">
      <h2 id="research-categories-heading">Research Categories</h2>
      <div className="research-category-grid">
        {categories.map((category) => (
          <button key={category.id} type="button" className="card research-category" aria-pressed={selectedId === category.id} onClick={() => onSelect(category.id)}>
            <span className="research-category-name">{category.name}</span>
            <span className="research-category-count">{productCount(category.productCount)}</span>
          </button>
        ))}
      </div>
    </section>
  );
}

/** Storefront spec §2, search: the text stays in ?q= and a category may come in ?categoryId=. */
export default function SearchPage() {
  const navigate = useNavigate();
  const catalogue = useCatalogueParams();
  const recent = useRecentSearches();
  const [sortBy, setSortBy] = useState<ProductSort>('featured');
  const [layout, setLayout] = useState<ProductLayout>('grid');
  const categories = useCategories();
  const products = usePagedProducts({ search: catalogue.term, categoryId: catalogue.categoryId, sortBy });
  // Suggestions need only the best matches: the first page.
  const suggestionProducts = usePagedProducts({ search: catalogue.term });
  const category = categories.data?.find((candidate) => candidate.id === catalogue.categoryId);
  const searching = products.isLoading || catalogue.isTyping;
  usePageTitle(catalogue.term ? `Search: ${catalogue.term}` : 'Search');

  const suggestions = useMemo(
    () =>
      buildSuggestions({
        text: catalogue.text,
        recent: recent.searches,
        products: catalogue.term ? (suggestionProducts.data ?? []) : [],
        categories: categories.data ?? [],
      }),
    [catalogue.text, catalogue.term, recent.searches, suggestionProducts.data, categories.data],
  );

  const search = (text: string) => {
    recent.remember(text);
    catalogue.searchNow(text);
  };
  const pick = (suggestion: Suggestion) => {
    switch (suggestion.kind) {
      case 'recent':
      case 'trending':
        search(suggestion.label);
        break;
      case 'product':
        recent.remember(catalogue.text);
        navigate(`/product/${suggestion.productId}`);
        break;
      case 'category':
        catalogue.showCategory(suggestion.categoryId);
        break;
    }
  };

  const resultLine = searching
    ? 'Searching...'
    : `${productCount(products.total)} found${catalogue.term ? ` for "${catalogue.term}"` : ''}${category ? ` in ${category.name}` : ''}`;

  return (
    <div className="section search-page">
      <div className="container">
        <h1>Search Products</h1>
        <p className="muted">Find research compounds by name, SKU or description.</p>
        <SearchCombobox
          text={catalogue.text}
          onTextChange={catalogue.setText}
          suggestions={suggestions}
          onPick={pick}
          onSubmit={search}
          onClear={() => catalogue.searchNow('')}
        />

        {categories.data && categories.data.length > 0 && (
          <ResearchCategories categories={categories.data} selectedId={catalogue.categoryId} onSelect={(id) => catalogue.setCategoryId(id === catalogue.categoryId ? null : id)} />
        )}

        <h2 className="sr-only">Products</h2>
        <div className="catalogue-toolbar">
          <div className="row gap wrap">
            <p className="muted results-line" aria-live="polite" role="status">
              {resultLine}
            </p>
            {category && <CategoryFilterBadge category={category} prefix="Category: " onRemove={() => catalogue.setCategoryId(null)} />}
          </div>
          <div className="row gap">
            <LayoutToggle layout={layout} onChange={setLayout} />
            <SortSelect choices={CATALOGUE_SORTS} value={sortBy} onChange={setSortBy} />
          </div>
        </div>

        <CatalogueResults products={products} term={catalogue.term} onViewAll={catalogue.clear} layout={layout} />

      </div>
    </div>
  );
}
