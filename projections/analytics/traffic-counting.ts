import { DIRECT_SOURCE, DeviceType } from '../../backend/src/analytics/contract/analytics.views';
import { isProductPage } from '../../backend/src/analytics/contract/traffic.events';

/**
 * How one report changes the counts, decided from what was already counted for its visitor that day.
 * Pure, so the projector can keep the decision beside the visit and repeat it exactly on a replay.
 */

/** The funnel steps a visitor reaches at most once a day (orders are counted per order, not per visitor). */
export type VisitStep = 'product_view' | 'add_to_cart' | 'checkout_started';

/** A visitor's day as far as counting goes. */
export interface Visit {
  /** The source of their first report of the day (Direct when a funnel step came first): their funnel steps are counted under it. */
  entrySource: string;
  /** What has been counted once for them today: pages, sources, devices, export rows. */
  counted: string[];
  steps: VisitStep[];
}

export interface PageView {
  path: string;
  source: string;
  device: DeviceType;
}

/** A page view as counted: under which source, and for which of its keys the visitor is new today. */
export interface ViewCount {
  /**
   * The view's own source; a view without one (no referrer, no utm_source: the storefront sends
   * them only with the first view of a page load) continues the visit and counts under the entry source.
   */
  source: string;
  entrySource: string;
  newVisitor: boolean;
  newPage: boolean;
  newSource: boolean;
  newDevice: boolean;
  newRow: boolean;
  /** The visitor's first product page today: one more visitor at the funnel's first step. */
  newProductView: boolean;
}

export function countPageView(visit: Visit | null, view: PageView): { visit: Visit; count: ViewCount } {
  const entrySource = visit?.entrySource ?? view.source;
  const source = view.source === DIRECT_SOURCE ? entrySource : view.source;
  const counted = new Set(visit?.counted ?? []);
  const isNew = (key: string) => {
    if (counted.has(key)) return false;
    counted.add(key);
    return true;
  };
  const count: ViewCount = {
    source,
    entrySource,
    newVisitor: visit === null,
    newPage: isNew(`page ${view.path}`),
    newSource: isNew(`source ${source}`),
    newDevice: isNew(`device ${view.device}`),
    newRow: isNew(`row ${rowKey(view.path, source, view.device)}`),
    newProductView: isProductPage(view.path) && !visit?.steps.includes('product_view'),
  };
  const steps = visit?.steps ?? [];
  return { visit: { entrySource, counted: [...counted], steps: count.newProductView ? [...steps, 'product_view'] : steps }, count };
}

/** A funnel step of a visitor: counted once a day, under their entry source. */
export function countFunnelStep(visit: Visit | null, step: Exclude<VisitStep, 'product_view'>): { visit: Visit; entrySource: string; first: boolean } {
  const entrySource = visit?.entrySource ?? DIRECT_SOURCE;
  const steps = visit?.steps ?? [];
  const first = !steps.includes(step);
  return { visit: { entrySource, counted: visit?.counted ?? [], steps: first ? [...steps, step] : steps }, entrySource, first };
}

/** An export row's key: a path, a source and a device. */
export function rowKey(path: string, source: string, device: DeviceType): string {
  return JSON.stringify([path, source, device]);
}

/** What an order adds to the funnel of the visit it was placed in: one order placed, and once paid, one order paid and its revenue. */
export interface OrderCount {
  ordersPlaced: number;
  ordersPaid: number;
  revenueCents: number;
}

/**
 * The change to the attributed visit's counts when an order's attribution or payment changes:
 * `counted` is what the funnel holds for the order so far (null: not attributed yet), `paidCents` what
 * it should hold now (the order's total once paid under the shop's revenue rule, else 0).
 */
export function orderCountChange(counted: OrderCount | null, attributed: boolean, paidCents: number): { now: OrderCount | null; change: OrderCount } {
  if (!attributed) return { now: null, change: { ordersPlaced: 0, ordersPaid: 0, revenueCents: 0 } };
  const now: OrderCount = { ordersPlaced: 1, ordersPaid: paidCents > 0 ? 1 : 0, revenueCents: paidCents };
  const before = counted ?? { ordersPlaced: 0, ordersPaid: 0, revenueCents: 0 };
  return {
    now,
    change: { ordersPlaced: now.ordersPlaced - before.ordersPlaced, ordersPaid: now.ordersPaid - before.ordersPaid, revenueCents: now.revenueCents - before.revenueCents },
  };
}
