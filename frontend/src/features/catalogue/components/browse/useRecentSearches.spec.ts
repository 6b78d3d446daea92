import { MAX_RECENT_SEARCHES, parseRecentSearches, withRecentSearch } from './useRecentSearches';

describe('recent searches', () => {
  it('puts the newest search first', () => {
    expect(withRecentSearch(['bpc', 'tirz'], 'sema')).toEqual(['sema', 'bpc', 'tirz']);
  });

  it('moves a repeated search to the front instead of listing it twice, whatever its letter case', () => {
    expect(withRecentSearch(['bpc', 'Tirz', 'sema'], 'tirz')).toEqual(['tirz', 'bpc', 'sema']);
  });

  it(`keeps only the ${MAX_RECENT_SEARCHES} most recent searches`, () => {
    const searches = Array.from({ length: MAX_RECENT_SEARCHES }, (_, index) => `term ${index}`);
    const updated = withRecentSearch(searches, 'newest');
    expect(updated).toHaveLength(MAX_RECENT_SEARCHES);
    expect(updated[0]).toBe('newest');
    expect(updated).not.toContain(`term ${MAX_RECENT_SEARCHES - 1}`);
  });

  it('ignores blank searches and stores terms without surrounding spaces', () => {
    expect(withRecentSearch(['bpc'], '   ')).toEqual(['bpc']);
    expect(withRecentSearch([], '  tb-500 ')).toEqual(['tb-500']);
  });

  it('restores a saved list under the same rules and rejects anything that is not a list of texts', () => {
    expect(parseRecentSearches(['a', 'b', 'A', ' ', ...Array.from({ length: 12 }, (_, index) => `x${index}`)])).toEqual([
      'a', 'b', 'x0', 'x1', 'x2', 'x3', 'x4', 'x5', 'x6', 'x7',
    ]);
    expect(parseRecentSearches({ searches: [] })).toBeUndefined();
    expect(parseRecentSearches(['ok', 3])).toBeUndefined();
  });
});
