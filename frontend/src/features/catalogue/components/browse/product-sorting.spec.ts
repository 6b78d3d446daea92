import { applyClientSort, findChoice, HOME_SORT_PILLS, PRODUCTS_PAGE_SORTS, visibleOnHome } from './product-sorting';
import { aProduct } from '../../../../api/test-fixtures';

const featuredOrder = [aProduct(3), aProduct(1), aProduct(7), aProduct(5)];

describe('catalogue sorting', () => {
  it("sorts the signed-in home's Most Popular by id, highest first, on the client", () => {
    const popular = findChoice(HOME_SORT_PILLS, 'popular');
    expect(popular.sortBy).toBe('featured');
    expect(applyClientSort(featuredOrder, popular)?.map((product) => product.id)).toEqual([7, 5, 3, 1]);
    expect(featuredOrder.map((product) => product.id)).toEqual([3, 1, 7, 5]);
  });

  it('keeps the order the API returned for the sorts the API performs', () => {
    for (const value of ['featured', 'cheapest', 'expensive', 'newest']) {
      expect(applyClientSort(featuredOrder, findChoice(HOME_SORT_PILLS, value))?.map((product) => product.id)).toEqual([3, 1, 7, 5]);
    }
    expect(HOME_SORT_PILLS.map((pill) => [pill.label, pill.sortBy])).toEqual([
      ['All Categories', 'featured'],
      ['Most Popular', 'featured'],
      ['Cheapest', 'price_asc'],
      ['Most Expensive', 'price_desc'],
      ['Newest', 'newest'],
    ]);
  });

  it('falls back to the first choice for an unknown value, which on the all-products page is Latest', () => {
    expect(findChoice(PRODUCTS_PAGE_SORTS, 'cheapest-first')).toMatchObject({ label: 'Latest', sortBy: 'newest' });
    expect(findChoice(PRODUCTS_PAGE_SORTS, null).label).toBe('Latest');
    expect(PRODUCTS_PAGE_SORTS.map((choice) => choice.label)).toEqual(['Latest', 'Popularity', 'Price: Low to High', 'Price: High to Low']);
  });

  it('shows at most the home limit of products, or every match while a search or category is active', () => {
    const many = Array.from({ length: 12 }, (_, index) => aProduct(index + 1));
    expect(visibleOnHome(many, 8, false)).toHaveLength(8);
    expect(visibleOnHome(many, 8, true)).toHaveLength(12);
    expect(visibleOnHome(undefined, 8, false)).toBeUndefined();
  });
});
