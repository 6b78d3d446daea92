/**
 * Traffic analytics as the API answers it; shared with the back office's Analytics tab.
 * Visitors are counted per day (a visitor is a hash with a salt that lives one day), so the
 * unique visitors of a period are the sum of its days' unique visitors.
 */

/** The periods the Analytics tab offers (checkout spec §9); any other `days` is a 400. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = 30;

/** A source with neither a referrer from another site nor `utm_source`. */
export const DIRECT_SOURCE = 'Direct';

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** `GET /api/analytics/traffic?days=7|30|90`: exactly the spec's shape (checkout spec §3). */
export interface TrafficAnalyticsView {
  totalPageViews: number;
  uniqueVisitors: number;
  /** Most viewed first. */
  topPages: { path: string; views: number }[];
  /** Most views first; `Direct` for none. */
  trafficSources: { source: string; views: number }[];
  deviceTypes: { type: DeviceType; views: number }[];
  /** Every day of the period, oldest first, days without views included with 0. `date` is YYYY-MM-DD (UTC). */
  dailyViews: { date: string; views: number; visitors: number }[];
}

/** The funnel's steps, in order. Visitors for the first three, orders for the last two. */
export const FUNNEL_STEPS = ['product_view', 'add_to_cart', 'checkout_started', 'order_placed', 'paid'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export interface FunnelCounts {
  /** Visitors who viewed a product page. */
  productViews: number;
  /** Visitors who added something to the cart. */
  addedToCart: number;
  /** Visitors who started checkout. */
  checkoutStarted: number;
  /** Orders placed (attributed to a visitor of that day). */
  ordersPlaced: number;
  /** Of those orders, the ones paid (crypto confirmed, or cash on delivery delivered). */
  ordersPaid: number;
  /** Revenue of the paid orders, AUD as a decimal string with 2 decimals, e.g. "129.00". */
  revenue: string;
}

/** `GET /api/analytics/funnel?days=7|30|90`. Rates are percentages with one decimal, null when the step before is 0. */
export interface FunnelView {
  totals: FunnelCounts & { conversionRate: number | null };
  steps: { step: FunnelStep; count: number; fromPrevious: number | null; fromStart: number | null }[];
  /** Per entry source of the visitor (first page view of their day); most product views first. */
  bySource: (FunnelCounts & { source: string; conversionRate: number | null })[];
  /** Every day of the period, oldest first. */
  daily: (FunnelCounts & { date: string })[];
}

/** `GET /api/analytics/realtime`: the last 5 minutes. */
export interface RealtimeView {
  visitors: number;
  pageViews: number;
  /** The start of the window, ISO 8601. */
  since: string;
  topPages: { path: string; views: number }[];
}

/** One row of `GET /api/analytics/traffic/export?days=…&format=csv|json`. */
export interface TrafficExportRow {
  date: string;
  path: string;
  source: string;
  device: DeviceType;
  views: number;
  visitors: number;
}
