import { useCallback, useState } from 'react';
import { readStored, writeStored } from '../../../../lib/storage';

export const RECENT_SEARCHES_STORAGE_KEY = 'peptide-research-supply:recent-searches';
/** Storefront spec §9. */
export const MAX_RECENT_SEARCHES = 10;

/** The term goes first; an earlier search for the same words (any letter case) moves up instead of repeating. */
export function withRecentSearch(searches: readonly string[], term: string): string[] {
  const trimmed = term.trim();
  if (!trimmed) return [...searches];
  const key = trimmed.toLowerCase();
  return [trimmed, ...searches.filter((search) => search.toLowerCase() !== key)].slice(0, MAX_RECENT_SEARCHES);
}

export function parseRecentSearches(raw: unknown): string[] | undefined {
  if (!Array.isArray(raw) || !raw.every((entry) => typeof entry === 'string')) return undefined;
  return raw.reduceRight<string[]>((searches, term) => withRecentSearch(searches, term), []);
}

export function useRecentSearches() {
  const [searches, setSearches] = useState<string[]>(() => readStored(RECENT_SEARCHES_STORAGE_KEY, parseRecentSearches) ?? []);
  const update = useCallback((next: (current: string[]) => string[]) => {
    setSearches((current) => {
      const updated = next(current);
      writeStored(RECENT_SEARCHES_STORAGE_KEY, updated);
      return updated;
    });
  }, []);
  const remember = useCallback((term: string) => update((current) => withRecentSearch(current, term)), [update]);
  const clear = useCallback(() => update(() => []), [update]);
  return { searches, remember, clear };
}
