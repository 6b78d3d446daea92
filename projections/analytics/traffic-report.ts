import { DeviceType, DEVICE_TYPES, FUNNEL_STEPS, FunnelCounts, FunnelView, RealtimeView, TrafficAnalyticsView, TrafficExportRow } from '../../backend/src/analytics/contract/analytics.views';
import { formatCents } from '../../backend/src/shared/money';
import { AnalyticsDayDocument, DayCountersDocument, FunnelCounter, MinuteDocument } from './analytics.projector';
import { keyOf } from './counter-fields';
import { rowOf } from './traffic-counting';

/**
 * The answers, merged from a period's daily documents: their cost grows with the days and the distinct
 * pages and sources, never with the number of page views. Pure, for the queries and their specs.
 */

/** Pages and sources listed by the traffic answer, most viewed first (the Analytics tab shows 10; the export has every row). */
export const TOP_LIST_LIMIT = 100;
export const REALTIME_TOP_PAGES = 10;
export const REALTIME_WINDOW_MINUTES = 5;

/** The period's UTC days, oldest first, ending with `today`. */
export function periodDays(days: number, today: string): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: days }, (_, index) => new Date(end - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10));
}

/** `days`: the documents of the period's days that have any (a day without a view has none). */
export function trafficView(period: string[], days: AnalyticsDayDocument[]): TrafficAnalyticsView {
  const byDay = new Map(days.map((day) => [day.day, day]));
  const pages = new Map<string, number>();
  const sources = new Map<string, number>();
  const devices = new Map<DeviceType, number>();
  for (const day of byDay.values()) {
    for (const [field, views] of Object.entries(day.pages.views)) add(pages, field, views);
    for (const [field, views] of Object.entries(day.sources.views)) add(sources, field, views);
    for (const type of DEVICE_TYPES) add(devices, type, day.devices.views[type] ?? 0);
  }
  const dailyViews = period.map((date) => ({ date, views: byDay.get(date)?.views ?? 0, visitors: byDay.get(date)?.visitors ?? 0 }));
  return {
    totalPageViews: sum(dailyViews.map((day) => day.views)),
    // A visitor's hash lives one day, so a period's unique visitors are the sum of its days'.
    uniqueVisitors: sum(dailyViews.map((day) => day.visitors)),
    topPages: mostViewed(decoded(pages), TOP_LIST_LIMIT).map(([path, views]) => ({ path, views })),
    trafficSources: mostViewed(decoded(sources), TOP_LIST_LIMIT).map(([source, views]) => ({ source, views })),
    deviceTypes: mostViewed(devices, DEVICE_TYPES.length).map(([type, views]) => ({ type, views })),
    dailyViews,
  };
}

/** Every row of the period: oldest day first, then most viewed first. */
export function exportRows(rowShards: DayCountersDocument[]): TrafficExportRow[] {
  const rows = rowShards.flatMap((shard) => Object.entries(shard.rows.views).map(([field, views]) => ({ date: shard.day, ...rowOf(keyOf(field)), views, visitors: shard.rows.visitors[field] ?? 0 })));
  return rows.sort((a, b) => compare(a.date, b.date) || b.views - a.views || compare(a.path, b.path) || compare(a.source, b.source) || compare(a.device, b.device));
}

export function funnelView(period: string[], days: AnalyticsDayDocument[]): FunnelView {
  const byDay = new Map(days.map((day) => [day.day, day]));
  const totals = emptySums();
  const bySource = new Map<string, FunnelCounter>();
  const daily = period.map((date) => {
    const sums = emptySums();
    for (const [field, counter] of Object.entries(byDay.get(date)?.funnel ?? {})) {
      const source = keyOf(field);
      if (!bySource.has(source)) bySource.set(source, emptySums());
      for (const into of [sums, totals, bySource.get(source)!]) addFunnel(into, counter);
    }
    return { date, ...funnelCounts(sums) };
  });
  const counts: number[] = [totals.productViews, totals.addedToCart, totals.checkoutStarted, totals.ordersPlaced, totals.ordersPaid];
  return {
    totals: { ...funnelCounts(totals), conversionRate: conversionRate(totals) },
    steps: FUNNEL_STEPS.map((step, index) => ({ step, count: counts[index], fromPrevious: index === 0 ? null : rate(counts[index], counts[index - 1]), fromStart: rate(counts[index], counts[0]) })),
    bySource: [...bySource]
      .sort(([a, x], [b, y]) => y.productViews - x.productViews || y.ordersPaid - x.ordersPaid || compare(a, b))
      .map(([source, sums]) => ({ source, ...funnelCounts(sums), conversionRate: conversionRate(sums) })),
    daily,
  };
}

/** The minute buckets from `since` on (oldest first or not): views, distinct visitors across the buckets, most viewed pages. */
export function realtimeView(since: string, minutes: MinuteDocument[]): RealtimeView {
  const visitors = new Set<string>();
  const pages = new Map<string, number>();
  let pageViews = 0;
  for (const minute of minutes) {
    pageViews += minute.views;
    for (const visitor of minute.visitors) visitors.add(visitor);
    for (const [field, views] of Object.entries(minute.pages)) add(pages, field, views);
  }
  return { visitors: visitors.size, pageViews, since, topPages: mostViewed(decoded(pages), REALTIME_TOP_PAGES).map(([path, views]) => ({ path, views })) };
}

/** The realtime window: the minute buckets (ids `YYYY-MM-DDTHH:MM`) covering at least the last 5 minutes, and when the first begins. */
export function realtimeWindow(nowMs: number): { since: string; minutes: string[] } {
  const current = Math.floor(nowMs / 60_000) * 60_000;
  const first = current - REALTIME_WINDOW_MINUTES * 60_000;
  const minutes = Array.from({ length: REALTIME_WINDOW_MINUTES + 1 }, (_, index) => new Date(first + index * 60_000).toISOString().slice(0, 16));
  return { since: new Date(first).toISOString(), minutes };
}

/** Percent with one decimal; null when there is nothing to divide by. */
function rate(count: number, of: number): number | null {
  return of > 0 ? Math.round((count * 1000) / of) / 10 : null;
}

/** The funnel's end over its start: paid orders per 100 visitors who viewed a product. */
function conversionRate(sums: FunnelCounter): number | null {
  return rate(sums.ordersPaid, sums.productViews);
}

function emptySums(): FunnelCounter {
  return { productViews: 0, addedToCart: 0, checkoutStarted: 0, ordersPlaced: 0, ordersPaid: 0, revenueCents: 0 };
}

function addFunnel(into: FunnelCounter, counter: FunnelCounter): void {
  for (const key of Object.keys(into) as (keyof FunnelCounter)[]) into[key] += counter[key];
}

function funnelCounts({ revenueCents, ...counts }: FunnelCounter): FunnelCounts {
  return { ...counts, revenue: formatCents(revenueCents) };
}

/** Summed by field name, decoded once per distinct key. */
function decoded(byField: Map<string, number>): Map<string, number> {
  return new Map([...byField].map(([field, views]) => [keyOf(field), views]));
}

function add<Key>(map: Map<Key, number>, key: Key, views: number): void {
  map.set(key, (map.get(key) ?? 0) + views);
}

/** Entries with views, most first; ties in key order, so an answer does not change from one call to the next. */
function mostViewed<Key extends string>(map: Map<Key, number>, limit: number): [Key, number][] {
  return [...map]
    .filter(([, views]) => views > 0)
    .sort(([a, x], [b, y]) => y - x || compare(a, b))
    .slice(0, limit);
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
