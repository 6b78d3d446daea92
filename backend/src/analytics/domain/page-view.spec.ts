import { isShopPath, normalisePath, sourceOf, utcDay } from './page-view';

describe('A reported page view', () => {
  describe('its path', () => {
    it('keeps the path alone: no query string, no fragment, no trailing slash', () => {
      expect(normalisePath('/products/12?ref=mail&token=abc')).toBe('/products/12');
      expect(normalisePath('/faq#shipping')).toBe('/faq');
      expect(normalisePath('/products/')).toBe('/products');
      expect(normalisePath('/')).toBe('/');
      expect(normalisePath('//')).toBe('/');
      expect(normalisePath('/?utm_source=x')).toBe('/');
    });

    it('counts the storefront, never the back office', () => {
      expect(isShopPath('/')).toBe(true);
      expect(isShopPath('/administration-guide')).toBe(true);
      expect(isShopPath('/admin')).toBe(false);
      expect(isShopPath('/admin/orders')).toBe(false);
      expect(isShopPath('/ADMIN')).toBe(false);
    });
  });

  describe('its source', () => {
    const shop = 'shop.example';

    it('is utm_source when given, whatever the referrer', () => {
      expect(sourceOf({ utm: { source: ' newsletter ' }, referrer: 'https://www.google.com/' }, shop)).toBe('newsletter');
    });

    it('is the host of a referrer from another site, without www.', () => {
      expect(sourceOf({ referrer: 'https://www.Google.com/search?q=peptides' }, shop)).toBe('google.com');
      expect(sourceOf({ referrer: 'https://news.example.org/a/b' }, shop)).toBe('news.example.org');
      expect(sourceOf({ referrer: 'android-app://com.google.android.gm/' }, shop)).toBe('com.google.android.gm');
    });

    it('is Direct without either, for a referrer from the shop itself, and for one that is not a URL', () => {
      expect(sourceOf({}, shop)).toBe('Direct');
      expect(sourceOf({ utm: { source: '  ' }, referrer: null }, shop)).toBe('Direct');
      expect(sourceOf({ referrer: 'https://shop.example/products' }, shop)).toBe('Direct');
      expect(sourceOf({ referrer: 'https://www.shop.example/' }, 'www.shop.example')).toBe('Direct');
      expect(sourceOf({ referrer: 'not a url' }, shop)).toBe('Direct');
    });
  });

  it('belongs to the UTC day it was received on', () => {
    expect(utcDay(Date.parse('2026-03-08T23:59:59.999Z'))).toBe('2026-03-08');
    expect(utcDay(Date.parse('2026-03-09T00:00:00.000Z'))).toBe('2026-03-09');
  });
});
