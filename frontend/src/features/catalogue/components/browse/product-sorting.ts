import type { Product } from '../../../../api/types';
import type { ProductSort } from '../../api/useCatalogue';

/**
 * The sort choices of each catalogue screen (storefront spec §2, §9). A choice either asks the API
 * for one of its sorts or, where the API offers none (the signed-in home's Most Popular: id
 * descending), fetches the featured order and sorts on the client.
 */
export interface SortChoice<Value extends string = string> {
  value: Value;
  label: string;
  sortBy: ProductSort;
  clientSort?: (products: readonly Product[]) => Product[];
}

export function byIdDescending(products: readonly Product[]): Product[] {
  return [...products].sort((a, b) => b.id - a.id);
}

export function applyClientSort(products: readonly Product[] | undefined, choice: SortChoice): Product[] | undefined {
  if (!products) return undefined;
  return choice.clientSort ? choice.clientSort(products) : [...products];
}

export function findChoice<Value extends string>(choices: readonly SortChoice<Value>[], value: string | null): SortChoice<Value> {
  return choices.find((choice) => choice.value === value) ?? choices[0];
}

/** The signed-in home's sort pills. */
export const HOME_SORT_PILLS: readonly SortChoice<'featured' | 'popular' | 'cheapest' | 'expensive' | 'newest'>[] = [
  { value: 'featured', label: 'All Categories', sortBy: 'featured' },
  { value: 'popular', label: 'Most Popular', sortBy: 'featured', clientSort: byIdDescending },
  { value: 'cheapest', label: 'Cheapest', sortBy: 'price_asc' },
  { value: 'expensive', label: 'Most Expensive', sortBy: 'price_desc' },
  { value: 'newest', label: 'Newest', sortBy: 'newest' },
];

/** The guest landing's sort menu and the search page's sort selector. */
export const CATALOGUE_SORTS: readonly SortChoice<ProductSort>[] = [
  { value: 'featured', label: 'Featured', sortBy: 'featured' },
  { value: 'popularity', label: 'Most Popular', sortBy: 'popularity' },
  { value: 'price_asc', label: 'Price: Low to High', sortBy: 'price_asc' },
  { value: 'price_desc', label: 'Price: High to Low', sortBy: 'price_desc' },
  { value: 'name', label: 'Name (A-Z)', sortBy: 'name' },
  { value: 'newest', label: 'Newest', sortBy: 'newest' },
];

/** The all-products page's sort selector; Latest comes first and is the default. */
export const PRODUCTS_PAGE_SORTS: readonly SortChoice<ProductSort>[] = [
  { value: 'newest', label: 'Latest', sortBy: 'newest' },
  { value: 'popularity', label: 'Popularity', sortBy: 'popularity' },
  { value: 'price_asc', label: 'Price: Low to High', sortBy: 'price_asc' },
  { value: 'price_desc', label: 'Price: High to Low', sortBy: 'price_desc' },
];

/** Landing and signed-in home show a handful of products; the signed-in home shows every match while filtering. */
export function visibleOnHome(products: readonly Product[] | undefined, limit: number, filtering: boolean): Product[] | undefined {
  if (!products) return undefined;
  return filtering ? [...products] : products.slice(0, limit);
}
