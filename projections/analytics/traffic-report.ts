import { DeviceType, DEVICE_TYPES, FUNNEL_STEPS, FunnelCounts, FunnelView, RealtimeView, TrafficAnalyticsView, TrafficExportRow } from '../../backend/src/analytics/contract/analytics.views';
import { formatCents } from '../../backend/src/shared/money';
import { AnalyticsDayDocument, FunnelCounter, FunnelDocument, MinuteDocument, MinutePageDocument, RowDocument } from './analytics.projector';

/**
 * The answers, from a period's day documents and the top lists the projector keeps: pure, for the
 * queries and their specs. Their cost grows with the days of the period, never with the traffic.
 */

/** Pages and sources listed by the traffic answer, most viewed first (the Analytics tab shows 10; the export has every row). */
export const TOP_LIST_LIMIT = 100;
export const REALTIME_TOP_PAGES = 10;
export const REALTIME_WINDOW_MINUTES = 5;

/** A page or source with its views in the period. */
export interface KeyViews {
  key: string;
  views: number;
}

/** The period's UTC days, oldest first, ending with `today`. */
export function periodDays(days: number, today: string): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: days }, (_, index) => new Date(end - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10));
}

/** `days`: the documents of the period's days that have any (a day without a view has none); `pages` and `sources`: the period's most viewed, most first. */
export function trafficView(period: string[], days: AnalyticsDayDocument[], pages: KeyViews[], sources: KeyViews[]): TrafficAnalyticsView {
  const byDay = new Map(days.map((day) => [day.day, day]));
  const devices = new Map<DeviceType, number>();
  for (const day of byDay.values()) for (const type of DEVICE_TYPES) add(devices, type, day.devices?.[type]?.views ?? 0);
  const dailyViews = period.map((date) => ({ date, views: byDay.get(date)?.views ?? 0, visitors: byDay.get(date)?.visitors ?? 0 }));
  return {
    totalPageViews: sum(dailyViews.map((day) => day.views)),
    // A visitor's hash lives one day, so a period's unique visitors are the sum of its days'.
    uniqueVisitors: sum(dailyViews.map((day) => day.visitors)),
    topPages: pages.map(({ key, views }) => ({ path: key, views })),
    trafficSources: sources.map(({ key, views }) => ({ source: key, views })),
    deviceTypes: mostViewed(devices, DEVICE_TYPES.length).map(([type, views]) => ({ type, views })),
    dailyViews,
  };
}

/** Summed views per key, most first, ties by key (when the kept lists cannot answer: the period does not end with the newest day seen). */
export function topKeys(rows: { key: string; views?: number }[], limit: number): KeyViews[] {
  const views = new Map<string, number>();
  for (const row of rows) add(views, row.key, row.views ?? 0);
  return mostViewed(views, limit).map(([key, count]) => ({ key, views: count }));
}

/** Every row of the period, as the export reads it: oldest day first, then most viewed first (the order the query asked for). */
export function exportRows(rows: RowDocument[]): TrafficExportRow[] {
  return rows.map(({ day, path, source, device, views, visitors }) => ({ date: day, path, source, device, views: views ?? 0, visitors: visitors ?? 0 }));
}

export function funnelView(period: string[], rows: FunnelDocument[]): FunnelView {
  const totals = emptySums();
  const bySource = new Map<string, FunnelCounter>();
  const byDay = new Map<string, FunnelCounter>();
  for (const row of rows) {
    if (!bySource.has(row.source)) bySource.set(row.source, emptySums());
    if (!byDay.has(row.day)) byDay.set(row.day, emptySums());
    for (const into of [totals, bySource.get(row.source)!, byDay.get(row.day)!]) addFunnel(into, row);
  }
  const daily = period.map((date) => ({ date, ...funnelCounts(byDay.get(date) ?? emptySums()) }));
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

/** The last minutes: their views, the visitors seen since `since`, and the most viewed pages. */
export function realtimeView(since: string, minutes: MinuteDocument[], pages: MinutePageDocument[], visitors: number): RealtimeView {
  return {
    visitors,
    pageViews: sum(minutes.map((minute) => minute.views ?? 0)),
    since,
    topPages: topKeys(pages.map((page) => ({ key: page.path, views: page.views })), REALTIME_TOP_PAGES).map(({ key, views }) => ({ path: key, views })),
  };
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

function addFunnel(into: FunnelCounter, counter: Partial<FunnelCounter>): void {
  for (const key of Object.keys(into) as (keyof FunnelCounter)[]) into[key] += counter[key] ?? 0;
}

function funnelCounts({ revenueCents, ...counts }: FunnelCounter): FunnelCounts {
  return { ...counts, revenue: formatCents(revenueCents) };
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
