import { DIRECT_SOURCE, type FunnelStep, type TrafficAnalyticsView } from '../../../../../backend/src/analytics/contract/analytics.views';

/** Checkout spec §9, Analytics: the tab's limits. */
export const TOP_LIMIT = 10;
export const TREND_DAYS = 14;
export const SOURCE_LABEL_MAX = 50;
/** The spec's "ellipsis" is the single character U+2026, as the back office's shortened hashes use. */
export const ELLIPSIS = '…';

/**
 * Counts as the tab shows them (spec §9): as they are under 1,000; with K from 1,000 and M from
 * 1,000,000, with one decimal, rounded half up (1,050 is 1.1K). A count that would round to
 * 1000.0K is 1.0M, so no value is shown with four digits before the decimal point.
 */
export function abbreviate(count: number): string {
  if (!Number.isFinite(count)) return '0';
  const value = Math.round(count);
  const sign = value < 0 ? '-' : '';
  const absolute = Math.abs(value);
  if (absolute < 1000) return `${sign}${absolute}`;
  // Whole tenths, so that halves round the same way on every value (1.15 is not a binary fraction).
  const tenthsOfThousands = Math.round(absolute / 100);
  if (tenthsOfThousands < 10_000) return `${sign}${(tenthsOfThousands / 10).toFixed(1)}K`;
  return `${sign}${(Math.round(absolute / 100_000) / 10).toFixed(1)}M`;
}

/** The exact count, grouped, for titles and screen readers beside an abbreviated one. */
export function exact(count: number): string {
  return count.toLocaleString('en-AU');
}

/** A source as the tab names it: `Direct` is "Direct Traffic"; over 50 characters, the first 50 and "…". */
export function sourceLabel(source: string): string {
  if (source === DIRECT_SOURCE) return 'Direct Traffic';
  const characters = Array.from(source);
  return characters.length > SOURCE_LABEL_MAX ? `${characters.slice(0, SOURCE_LABEL_MAX).join('')}${ELLIPSIS}` : source;
}

/** Average daily views: total views divided by the days of the period, rounded. */
export function averageDailyViews(totalPageViews: number, days: number): number {
  return days > 0 ? Math.round(totalPageViews / days) : 0;
}

/** The most viewed page; `/` with 0 views when there is none. */
export function topPage(view: Pick<TrafficAnalyticsView, 'topPages'>): { path: string; views: number } {
  return view.topPages.reduce<{ path: string; views: number } | null>((best, page) => (best === null || page.views > best.views ? page : best), null) ?? { path: '/', views: 0 };
}

/** The first `limit` by views, most first (ties keep the server's order). */
export function topByViews<T extends { views: number }>(rows: readonly T[], limit = TOP_LIMIT): T[] {
  return [...rows].sort((a, b) => b.views - a.views).slice(0, limit);
}

/** A device's share: the rounded percent of all views; 0 when there are none. */
export function sharePercent(views: number, total: number): number {
  return total > 0 ? Math.round((views * 100) / total) : 0;
}

/** The latest `count` days, newest first (the API lists them oldest first). */
export function latestDays<T extends { date: string }>(days: readonly T[], count = TREND_DAYS): T[] {
  return [...days].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)).slice(0, count);
}

/** Oldest first, for a chart read left to right. */
export function oldestFirst<T extends { date: string }>(days: readonly T[]): T[] {
  return [...days].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** A `YYYY-MM-DD` day of the API (a UTC day) as "Mon, 24 Nov" (en-AU). */
export function formatDay(date: string, withWeekday = true): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return day.toLocaleDateString('en-AU', { timeZone: 'UTC', day: 'numeric', month: 'short', ...(withWeekday ? { weekday: 'short' } : {}) });
}

/** A funnel rate (a percentage with one decimal, or null when the step before had nobody). */
export function formatRate(rate: number | null): string {
  return rate === null || !Number.isFinite(rate) ? '—' : `${rate.toFixed(1)}%`;
}

export function deviceLabel(type: string): string {
  return type.charAt(0).toUpperCase() + type.slice(1);
}

export const FUNNEL_STEP_LABELS: Record<FunnelStep, { label: string; unit: 'visitors' | 'orders' }> = {
  product_view: { label: 'Viewed a product', unit: 'visitors' },
  add_to_cart: { label: 'Added to cart', unit: 'visitors' },
  checkout_started: { label: 'Started checkout', unit: 'visitors' },
  order_placed: { label: 'Placed an order', unit: 'orders' },
  paid: { label: 'Paid', unit: 'orders' },
};

/** "1 view", "2 views", "1.2K views". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${abbreviate(count)} ${count === 1 ? singular : plural}`;
}

/** A round top for a chart's axis: the least of 1, 2, 4, 6 or 8 times a power of ten at or above `value`, at least 2 (so half of it is whole). */
export function niceCeiling(value: number): number {
  if (!(value > 2)) return 2;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 4, 6, 8, 10].find((factor) => factor * power >= value)! * power;
}
