// The catalogue feature's public face: other features and the app import from here only (the back office: back-office.ts).
export { catalogueKeys, catalogueQueries, normalisedFilter } from './api/catalogue-queries';
export type { ProductFilter, ProductSort } from './api/catalogue-queries';
export { ProductImage } from './components/ProductImage';
export { ProductGrid } from './components/ProductCard';
export { PRODUCT_PAGE_SIZE, useCategories, useOnSaleProducts, useProducts } from './api/useCatalogue';
export { CategoryChips, SearchField, SortSelect, productCount } from './components/browse/CatalogueControls';
export { NoProductsFound, ProductsLoadError } from './components/browse/CatalogueStates';
export { CATALOGUE_SORTS, HOME_SORT_PILLS, applyClientSort, findChoice, visibleOnHome } from './components/browse/product-sorting';
export { parseCategoryId } from './components/browse/useCatalogueParams';
