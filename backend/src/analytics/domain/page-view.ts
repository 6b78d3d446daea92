import { DIRECT_SOURCE } from '../contract/analytics.views';
import { PageViewInput } from '../contract/analytics-input';

/**
 * What a reported route view is counted as (issue 11 §1), before anything about the visitor: its path
 * without query or fragment, whether it is the shop's traffic at all, and where the visit came from.
 */

/** The path alone: a query string or fragment can carry anything (a token, an e-mail), and `/products/` is `/products`. */
export function normalisePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0];
  return bare.length > 1 ? bare.replace(/\/+$/, '') || '/' : bare;
}

/** The back office is not the shop's traffic: `/admin` and everything under it is never counted. */
export function isShopPath(path: string): boolean {
  return !/^\/admin(\/|$)/i.test(path);
}

/**
 * `utm_source` when given; else the host of a referrer from another site, without `www.`; else Direct.
 * A referrer from the shop itself (a reload, a sign-in redirect) is no source. Only the host is kept.
 */
export function sourceOf(view: Pick<PageViewInput, 'referrer' | 'utm'>, ownHost: string): string {
  const campaign = view.utm?.source?.trim();
  if (campaign) return campaign;
  const referrer = hostOf(view.referrer);
  if (referrer !== null && referrer !== withoutWww(ownHost.toLowerCase())) return referrer;
  return DIRECT_SOURCE;
}

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host ? withoutWww(host) : null;
  } catch {
    return null;
  }
}

const withoutWww = (host: string) => host.replace(/^www\./, '');

/** The UTC day of an instant, YYYY-MM-DD: the day a report belongs to, and the life of a visitor salt. */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}
