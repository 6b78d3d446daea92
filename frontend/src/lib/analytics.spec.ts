import { funnelEventSchema, pageViewSchema } from '../../../backend/src/analytics/contract/analytics-input';
import {
  addToCartEvent,
  createAnalytics,
  externalReferrer,
  FUNNEL_EVENT_URL,
  isRecordedPath,
  normalisePath,
  orderPlacedEvent,
  PAGEVIEW_URL,
  pageViewPayload,
  parseUtm,
  Send,
  sendInBackground,
} from './analytics';

const SHOP = { referrer: '', host: 'shop.example' };

describe('storefront analytics: what a route view reports', () => {
  it('reads the five UTM parameters of the landing URL, trimmed, within 100 characters, and nothing else', () => {
    expect(parseUtm('?utm_source=newsletter&utm_medium=email&utm_campaign=spring%20sale&utm_term=bpc&utm_content=hero&q=peptide')).toEqual({
      source: 'newsletter',
      medium: 'email',
      campaign: 'spring sale',
      term: 'bpc',
      content: 'hero',
    });
    expect(parseUtm('utm_source=%20reddit%20')).toEqual({ source: 'reddit' });
    expect(parseUtm(`?utm_source=${'x'.repeat(150)}`)).toEqual({ source: 'x'.repeat(100) });
    expect(parseUtm('?utm_source=&utm_medium=%20%20')).toBeUndefined();
    expect(parseUtm('?q=bpc&category=2')).toBeUndefined();
    expect(parseUtm('')).toBeUndefined();
  });

  it('never reports the back office', () => {
    for (const path of ['/admin', '/admin/', '/Admin', '/admin/orders']) expect(isRecordedPath(path)).toBe(false);
    for (const path of ['/', '/administrators-guide', '/products', '/product/3']) expect(isRecordedPath(path)).toBe(true);
  });

  it('reports the path alone, without a trailing slash, within 300 characters', () => {
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('/products/')).toBe('/products');
    expect(normalisePath('//')).toBe('/');
    expect(normalisePath('/p'.repeat(200))).toHaveLength(300);
  });

  it("keeps only another site's origin as the referrer", () => {
    expect(externalReferrer('https://www.google.com/search?q=bpc-157#top', 'shop.example')).toBe('https://www.google.com/');
    expect(externalReferrer('https://shop.example/products?q=1', 'shop.example')).toBeUndefined();
    expect(externalReferrer('', 'shop.example')).toBeUndefined();
    expect(externalReferrer('not a url', 'shop.example')).toBeUndefined();
    expect(externalReferrer('android-app://com.google.android.gm/', 'shop.example')).toBe('android-app://com.google.android.gm/');
  });

  it('sends the referrer and UTM parameters with the landing view only, and never the query string', () => {
    const view = { pathname: '/products/', search: '?utm_source=newsletter&q=bpc' };
    const page = { referrer: 'https://news.example.org/issue/12?id=99', host: 'shop.example' };
    expect(pageViewPayload(view, page, true)).toEqual({ path: '/products', referrer: 'https://news.example.org/', utm: { source: 'newsletter' } });
    expect(pageViewPayload(view, page, false)).toEqual({ path: '/products' });
    expect(pageViewPayload({ pathname: '/', search: '' }, SHOP, true)).toEqual({ path: '/' });
  });

  it('builds funnel events the server accepts, and none from ids it would refuse', () => {
    expect(addToCartEvent(7, 2)).toEqual({ type: 'add_to_cart', productId: 7, quantity: 2 });
    expect(addToCartEvent(7, 5000)).toEqual({ type: 'add_to_cart', productId: 7, quantity: 1000 });
    expect(addToCartEvent(7, 0)).toBeNull();
    expect(addToCartEvent(0, 1)).toBeNull();
    expect(addToCartEvent(1.5, 1)).toBeNull();
    expect(orderPlacedEvent(42)).toEqual({ type: 'order_placed', orderId: 42 });
    expect(orderPlacedEvent(-1)).toBeNull();
    expect(orderPlacedEvent(Number.NaN)).toBeNull();
  });

  it('only ever sends what the API contract accepts', () => {
    const view = { pathname: `/${'é'.repeat(400)}`, search: `?utm_source=${'s'.repeat(300)}&utm_campaign=%20x%20` };
    expect(pageViewSchema.safeParse(pageViewPayload(view, { referrer: `https://a.example/${'r'.repeat(3000)}`, host: 'shop.example' }, true)).success).toBe(true);
    for (const event of [addToCartEvent(3, 9999), orderPlacedEvent(12), { type: 'checkout_started' as const }]) {
      expect(funnelEventSchema.safeParse(event).success).toBe(true);
    }
  });
});

describe('storefront analytics: the recorder of a page load', () => {
  function recorder() {
    const sent: { url: string; body: unknown }[] = [];
    const send: Send = (url, body) => sent.push({ url, body });
    return { analytics: createAnalytics(send), sent };
  }

  it('reports each history entry once, the first with where the visit came from', () => {
    const { analytics, sent } = recorder();
    const page = { referrer: 'https://www.google.com/', host: 'shop.example' };
    analytics.pageView({ pathname: '/', search: '?utm_source=newsletter', key: 'default' }, page);
    // StrictMode's second run of the same effect.
    analytics.pageView({ pathname: '/', search: '?utm_source=newsletter', key: 'default' }, page);
    analytics.pageView({ pathname: '/products', search: '?utm_source=newsletter', key: 'a1' }, page);
    analytics.pageView({ pathname: '/', search: '', key: 'b2' }, page);
    expect(sent).toEqual([
      { url: PAGEVIEW_URL, body: { path: '/', referrer: 'https://www.google.com/', utm: { source: 'newsletter' } } },
      { url: PAGEVIEW_URL, body: { path: '/products' } },
      { url: PAGEVIEW_URL, body: { path: '/' } },
    ]);
  });

  it('skips the back office, and a landing there gives no later view a source', () => {
    const { analytics, sent } = recorder();
    const page = { referrer: 'https://mail.example/', host: 'shop.example' };
    analytics.pageView({ pathname: '/admin', search: '?utm_source=x', key: 'default' }, page);
    analytics.pageView({ pathname: '/', search: '', key: 'c3' }, page);
    expect(sent).toEqual([{ url: PAGEVIEW_URL, body: { path: '/' } }]);
  });

  it('sends funnel events to their own endpoint and drops the ones it could not build', () => {
    const { analytics, sent } = recorder();
    analytics.funnel(addToCartEvent(3, 1));
    analytics.funnel(addToCartEvent(3, 0));
    analytics.funnel({ type: 'checkout_started' });
    expect(sent).toEqual([
      { url: FUNNEL_EVENT_URL, body: { type: 'add_to_cart', productId: 3, quantity: 1 } },
      { url: FUNNEL_EVENT_URL, body: { type: 'checkout_started' } },
    ]);
  });
});

describe('storefront analytics: sending in the background', () => {
  const original = { navigator: Object.getOwnPropertyDescriptor(globalThis, 'navigator'), fetch: globalThis.fetch };
  afterEach(() => {
    if (original.navigator) Object.defineProperty(globalThis, 'navigator', original.navigator);
    else delete (globalThis as { navigator?: unknown }).navigator;
    globalThis.fetch = original.fetch;
  });

  function stub({ beacon, fetchResult }: { beacon?: boolean | 'throws' | 'missing'; fetchResult?: 'rejects' | 'throws' }) {
    const beacons: { url: string; data: Blob }[] = [];
    const fetches: { url: string; init: RequestInit }[] = [];
    const sendBeacon = (url: string, data: Blob) => {
      if (beacon === 'throws') throw new TypeError('Illegal invocation');
      beacons.push({ url, data });
      return beacon as boolean;
    };
    Object.defineProperty(globalThis, 'navigator', { value: beacon === 'missing' ? {} : { sendBeacon }, configurable: true });
    globalThis.fetch = ((url: string, init: RequestInit) => {
      fetches.push({ url, init });
      if (fetchResult === 'throws') throw new TypeError('Failed to fetch');
      return fetchResult === 'rejects' ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(new Response(null, { status: 202 }));
    }) as typeof fetch;
    return { beacons, fetches };
  }

  it('queues a beacon with a JSON body, and nothing else', async () => {
    const { beacons, fetches } = stub({ beacon: true });
    sendInBackground(PAGEVIEW_URL, { path: '/products' });
    expect(beacons).toHaveLength(1);
    expect(beacons[0].url).toBe(PAGEVIEW_URL);
    expect(beacons[0].data.type).toBe('application/json');
    expect(JSON.parse(await beacons[0].data.text())).toEqual({ path: '/products' });
    expect(fetches).toEqual([]);
  });

  it('falls back to one keepalive fetch when there is no beacon, it throws or it is refused', () => {
    for (const beacon of ['missing', 'throws', false] as const) {
      const { fetches } = stub({ beacon });
      sendInBackground(FUNNEL_EVENT_URL, { type: 'checkout_started' });
      expect(fetches).toEqual([
        {
          url: FUNNEL_EVENT_URL,
          init: { method: 'POST', keepalive: true, credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: '{"type":"checkout_started"}' },
        },
      ]);
    }
  });

  it('never throws and never retries, whatever fails', async () => {
    for (const failure of [{ beacon: 'throws' as const, fetchResult: 'throws' as const }, { beacon: false, fetchResult: 'rejects' as const }, { beacon: false, fetchResult: 'throws' as const }]) {
      const { fetches } = stub(failure);
      expect(() => sendInBackground(PAGEVIEW_URL, { path: '/' })).not.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(fetches.length).toBeLessThanOrEqual(1);
    }
  });
});
