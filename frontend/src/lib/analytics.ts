import { useEffect, useRef } from 'react';
import type { FunnelEventInput, PageViewInput } from '../../../backend/src/analytics/contract/analytics-input';

/**
 * First-party, cookieless analytics (issue 11): the storefront reports each route view and the
 * funnel's steps it sees. Nothing here identifies anyone: no cookie of its own, no id, no query
 * string; the server counts a visitor of a day by a hash it forgets the next day. A report is sent
 * once, in the background (`navigator.sendBeacon`, else a keepalive fetch), never awaited, never
 * retried, and never throws: analytics must not slow or break a page.
 */
export const PAGEVIEW_URL = '/api/analytics/pageview';
export const FUNNEL_EVENT_URL = '/api/analytics/event';

/** The limits of `pageViewSchema`, so that what is sent is always valid. */
const PATH_MAX = 300;
const UTM_VALUE_MAX = 100;
const REFERRER_MAX = 2048;
const QUANTITY_MAX = 1000;

const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type Utm = NonNullable<PageViewInput['utm']>;

/** `utm_source`, `utm_medium`, `utm_campaign`, `utm_term`, `utm_content` of a query string; undefined when none is set. */
export function parseUtm(search: string): Utm | undefined {
  const params = new URLSearchParams(search);
  const utm: Utm = {};
  for (const key of UTM_KEYS) {
    const value = params.get(`utm_${key}`)?.trim().slice(0, UTM_VALUE_MAX).trim();
    if (value) utm[key] = value;
  }
  return Object.keys(utm).length > 0 ? utm : undefined;
}

/** The back office is not the shop's traffic: /admin and anything under it is never reported. */
export function isRecordedPath(pathname: string): boolean {
  return !/^\/admin(\/|$)/i.test(pathname);
}

/** The path alone (the router treats `/products/` as `/products`, so do the counts), within the schema's 300 characters. */
export function normalisePath(pathname: string): string {
  const path = pathname.startsWith('/') ? pathname : `/${pathname}`;
  return (path.length > 1 ? path.replace(/\/+$/, '') || '/' : path).slice(0, PATH_MAX);
}

/**
 * The site a visitor came from, as its origin only (no path, query or fragment: the server needs
 * the host, and nothing more leaves the browser). A referrer from the shop itself (a sign-in
 * redirect, a reload) is no source; neither is one that is not a URL.
 */
export function externalReferrer(referrer: string, ownHost: string): string | undefined {
  if (!referrer) return undefined;
  try {
    const url = new URL(referrer);
    if (!url.host || url.host === ownHost) return undefined;
    return `${url.protocol}//${url.host}/`.slice(0, REFERRER_MAX);
  } catch {
    return undefined;
  }
}

export interface RouteView {
  pathname: string;
  search: string;
}

export interface PageContext {
  /** `document.referrer` */
  referrer: string;
  /** `location.host`, to tell the shop's own pages from other sites. */
  host: string;
}

/**
 * What one route view reports. Only the first view of a page load (`landing`) carries where the
 * visit came from (the referrer and the landing URL's UTM parameters); later views of the same
 * load are navigations inside the shop.
 */
export function pageViewPayload(view: RouteView, page: PageContext, landing: boolean): PageViewInput {
  const payload: PageViewInput = { path: normalisePath(view.pathname) };
  if (!landing) return payload;
  const referrer = externalReferrer(page.referrer, page.host);
  if (referrer) payload.referrer = referrer;
  const utm = parseUtm(view.search);
  if (utm) payload.utm = utm;
  return payload;
}

/** A whole, positive id; anything else is not reported (the server would refuse it). */
const isId = (value: number) => Number.isSafeInteger(value) && value > 0;

export function addToCartEvent(productId: number, quantity: number): FunnelEventInput | null {
  if (!isId(productId) || !Number.isInteger(quantity) || quantity < 1) return null;
  return { type: 'add_to_cart', productId, quantity: Math.min(quantity, QUANTITY_MAX) };
}

export function orderPlacedEvent(orderId: number): FunnelEventInput | null {
  return isId(orderId) ? { type: 'order_placed', orderId } : null;
}

export type Send = (url: string, body: PageViewInput | FunnelEventInput) => void;

/**
 * Fire and forget: `sendBeacon` with a JSON Blob (the browser delivers it even while the page
 * unloads); where it is missing, throws or refuses (its queue is full), one keepalive fetch whose
 * failure is ignored. Never a retry, never an exception.
 */
export const sendInBackground: Send = (url, body) => {
  const json = JSON.stringify(body);
  try {
    if (navigator.sendBeacon(url, new Blob([json], { type: 'application/json' }))) return;
  } catch {
    // No beacon here (or it refused the body): the keepalive fetch below sends it instead.
  }
  try {
    fetch(url, { method: 'POST', keepalive: true, credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: json }).catch(() => undefined);
  } catch {
    // Analytics never breaks the page.
  }
};

export interface Analytics {
  /** A route view; `key` is the router's key of the history entry, so one entry is reported once. */
  pageView(view: RouteView & { key: string }, page: PageContext): void;
  funnel(event: FunnelEventInput | null): void;
}

/** One recorder per page load: it knows whether the landing view has been reported yet. */
export function createAnalytics(send: Send): Analytics {
  let landing = true;
  let lastKey: string | null = null;
  return {
    pageView(view, page) {
      // React's StrictMode runs an effect twice for one history entry: that is one view.
      if (view.key === lastKey) return;
      lastKey = view.key;
      const isLanding = landing;
      landing = false;
      if (isRecordedPath(view.pathname)) send(PAGEVIEW_URL, pageViewPayload(view, page, isLanding));
    },
    funnel(event) {
      if (event) send(FUNNEL_EVENT_URL, event);
    },
  };
}

const analytics = createAnalytics(sendInBackground);

export const recordAddToCart = (productId: number, quantity: number): void => analytics.funnel(addToCartEvent(productId, quantity));
export const recordCheckoutStarted = (): void => analytics.funnel({ type: 'checkout_started' });
export const recordOrderPlaced = (orderId: number): void => analytics.funnel(orderPlacedEvent(orderId));

/**
 * Reports every route view of the storefront; used once, in the layout every route shares, with
 * the router's location (`usePageViews(useLocation())`). The location is passed in rather than
 * read here so that this module, part of every page, does not import the router itself: that
 * import alone makes the bundler split the router into a chunk of its own, one more request.
 */
export function usePageViews(location: RouteView & { key: string }): void {
  useEffect(() => {
    analytics.pageView(location, { referrer: document.referrer, host: window.location.host });
    // A new path is a new view; a changed query (a filter, a search) on the same page is not.
  }, [location.pathname]);
}

/** Checkout started: once per opening of the checkout page, when the cart has something in it. */
export function useCheckoutStarted(withItems: boolean): void {
  const recorded = useRef(false);
  useEffect(() => {
    if (!withItems || recorded.current) return;
    recorded.current = true;
    recordCheckoutStarted();
  }, [withItems]);
}
