import { cardBadges } from './shop';

describe('cardBadges', () => {
  it('keeps two of the product’s badges when no stock badge shows', () => {
    expect(cardBadges(['Hot Product', 'Bestseller', 'Premium Blend'], 50)).toEqual(['Hot Product', 'Bestseller']);
  });

  it('leaves room for the one stock badge, and drops "Limited Stock", which says the same', () => {
    expect(cardBadges(['Limited Stock', 'Hot Product', 'Bestseller'], 3)).toEqual(['Hot Product']);
    expect(cardBadges(['Limited Stock'], 0)).toEqual([]);
    expect(cardBadges(['Limited Stock', 'Bestseller'], 40)).toEqual(['Limited Stock', 'Bestseller']);
  });
});
