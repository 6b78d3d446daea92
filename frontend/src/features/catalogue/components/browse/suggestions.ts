import type { Category, Product } from '../../../../api/types';

/** Storefront spec §9. */
export const MAX_SUGGESTIONS = 6;
export const MAX_PRODUCT_SUGGESTIONS = 4;
export const MAX_CATEGORY_SUGGESTIONS = 2;
/** Fixed placeholders until real search statistics exist. */
export const TRENDING_SEARCHES = [
  { term: 'Peptides', count: 12 },
  { term: 'SARMs', count: 8 },
] as const;

export type Suggestion =
  | { kind: 'recent'; key: string; label: string }
  | { kind: 'trending'; key: string; label: string; count: number }
  | { kind: 'product'; key: string; label: string; productId: number; detail: string }
  | { kind: 'category'; key: string; label: string; categoryId: number };

export interface SuggestionSources {
  text: string;
  recent: readonly string[];
  /** Products found for the text (or a little earlier text, while the search is debounced). */
  products: readonly Product[];
  categories: readonly Category[];
}

/**
 * While typing, matching products and categories come first because they lead straight to a result;
 * recent and trending searches fill the remaining places, and are all there is before typing.
 */
export function buildSuggestions({ text, recent, products, categories }: SuggestionSources): Suggestion[] {
  const needle = text.trim().toLowerCase();
  const matches = (value: string) => value.toLowerCase().includes(needle);
  const productSuggestions: Suggestion[] = needle
    ? products
        .filter((product) => matches(product.name) || matches(product.sku))
        .slice(0, MAX_PRODUCT_SUGGESTIONS)
        .map((product) => ({ kind: 'product', key: `product-${product.id}`, label: product.name, productId: product.id, detail: product.sku }))
    : [];
  const categorySuggestions: Suggestion[] = needle
    ? categories
        .filter((category) => matches(category.name))
        .slice(0, MAX_CATEGORY_SUGGESTIONS)
        .map((category) => ({ kind: 'category', key: `category-${category.id}`, label: category.name, categoryId: category.id }))
    : [];
  const recentSuggestions: Suggestion[] = recent
    .filter((term) => matches(term) && term.toLowerCase() !== needle)
    .map((term) => ({ kind: 'recent', key: `recent-${term}`, label: term }));
  const alreadyRecent = new Set(recent.map((term) => term.toLowerCase()));
  const trendingSuggestions: Suggestion[] = TRENDING_SEARCHES.filter(
    ({ term }) => matches(term) && term.toLowerCase() !== needle && !alreadyRecent.has(term.toLowerCase()),
  ).map(
    ({ term, count }) => ({ kind: 'trending', key: `trending-${term}`, label: term, count }),
  );
  return [...productSuggestions, ...categorySuggestions, ...recentSuggestions, ...trendingSuggestions].slice(0, MAX_SUGGESTIONS);
}
