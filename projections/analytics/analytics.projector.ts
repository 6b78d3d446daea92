import { Inject, Injectable } from '@nestjs/common';
import { ANALYTICS_PERIODS, AnalyticsPeriod, DeviceType, DIRECT_SOURCE } from '../../backend/src/analytics/contract/analytics.views';
import { OrderPlacedInVisit, PageViewed, TRAFFIC_STREAM_PREFIX, TrafficEvent } from '../../backend/src/analytics/contract/traffic.events';
import { revenueCents } from '../../backend/src/ordering/contract/back-office';
import { OrderStatus, PaymentStatus } from '../../backend/src/ordering/contract/checkout-rules';
import { OrderStreamEvent, upcastOrderStreamEvent } from '../../backend/src/ordering/contract/order.events';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { BatchWrite, Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { APPLIED_POSITION, CounterMoves, incrementOnce, Projector, RunsOnTheLog } from '../runner/projector';
import { countFunnelStep, countPageView, OrderCount, orderCountChange, rowKey, ViewCount, Visit } from './traffic-counting';

/** Per UTC day: views, unique visitors, and both per device. */
export const ANALYTICS_DAYS = 'analytics_days';
/** Per day, page or source: views and unique visitors (`_id` day|kind|key). */
export const ANALYTICS_DAY_KEYS = 'analytics_day_keys';
/** Per page or source: its views in the 7, 30 and 90 days ending with the newest day seen (`_id` kind|key). */
export const ANALYTICS_WINDOW_KEYS = 'analytics_window_keys';
/** Per day and export row (path × source × device): views and unique visitors. */
export const ANALYTICS_ROWS = 'analytics_rows';
/** Per day and entry source: the funnel's counts. */
export const ANALYTICS_FUNNEL = 'analytics_funnel';
/** Per minute (the realtime view): views; per minute and page: views; per visitor: the last minute seen. */
export const ANALYTICS_MINUTES = 'analytics_minutes';
export const ANALYTICS_MINUTE_PAGES = 'analytics_minute_pages';
export const ANALYTICS_RECENT_VISITORS = 'analytics_recent_visitors';
/** A visitor's day: what was counted for them. */
export const ANALYTICS_VISITS = 'analytics_visits';
/** An order as the funnel follows it. */
export const ANALYTICS_ORDERS = 'analytics_orders';
/** Where the windows end (the newest day seen): `_id` windows. */
export const ANALYTICS_META = 'analytics_meta';

/** The realtime view's collections: their rows older than MINUTES_KEPT go as newer minutes come. */
const REALTIME_COLLECTIONS = [ANALYTICS_MINUTES, ANALYTICS_MINUTE_PAGES, ANALYTICS_RECENT_VISITORS] as const;
/** Realtime rows are kept this long (the realtime view reads the last 5 minutes). */
const MINUTES_KEPT = 10;
const WINDOWS_ID = 'windows';

export type KeyKind = 'page' | 'source';

export type AnalyticsDayDocument = Document & { day: string; views?: number; visitors?: number; devices?: Partial<Record<DeviceType, { views?: number; visitors?: number }>> };
export type DayKeyDocument = Document & { day: string; kind: KeyKind; key: string; views?: number; visitors?: number };
/** `v7`, `v30`, `v90`: views in each period; `rolledTo`: the newest day whose departures from the periods it has taken. */
export type WindowKeyDocument = Document & { kind: KeyKind; key: string; rolledTo?: string } & Partial<Record<WindowField, number>>;
export type RowDocument = Document & { day: string; path: string; source: string; device: DeviceType; views?: number; visitors?: number };
export type FunnelDocument = Document & { day: string; source: string } & Partial<FunnelCounter>;
export type MinuteDocument = Document & { minute: string; views?: number };
export type MinutePageDocument = Document & { minute: string; path: string; views?: number };
export type WindowsDocument = Document & { end: string };

export interface FunnelCounter {
  productViews: number;
  addedToCart: number;
  checkoutStarted: number;
  ordersPlaced: number;
  ordersPaid: number;
  revenueCents: number;
}

type WindowField = `v${AnalyticsPeriod}`;
export const windowField = (period: AnalyticsPeriod): WindowField => `v${period}`;

/** A decision kept beside the state it was made on, for replays (see decideOnce). */
type Decided<Decision> = { decision: Decision };

/** A visitor's day: what was counted for them. Dropped once the day is over (its counts are final; a rebuild makes them again). */
type VisitDocument = Document & Visit & Decided<ViewCount | FunnelStepCount> & { day: string };
type FunnelStepCount = { entrySource: string; first: boolean };

/** An order as the funnel follows it: enough to apply the shop's revenue rule, and the visit it is attributed to. */
type OrderFacts = { paymentMethod: string; status: OrderStatus; paymentStatus: PaymentStatus; totalAmount: string };
type Attribution = { day: string; source: string };
type OrderDecision = { attribution: Attribution | null; change: OrderCount };
type OrderDocument = Document &
  Partial<OrderFacts> &
  Decided<OrderDecision> & {
    attribution: Attribution | null;
    /** What the funnel of the attributed visit holds for this order. */
    counted: OrderCount | null;
  };

export const dayKeyId = (day: string, kind: KeyKind, key: string) => `${day}|${kind}|${key}`;
export const windowKeyId = (kind: KeyKind, key: string) => `${kind}|${key}`;
export const rowId = (day: string, key: string) => `${day}|${key}`;
export const funnelId = (day: string, source: string) => `${day}|${source}`;
export const minutePageId = (minute: string, path: string) => `${minute}|${path}`;

/**
 * Traffic and the funnel as counters updated in place by key, so a page view costs the same whatever
 * the day's number of distinct pages, and an answer costs the same whatever the traffic: per day its
 * totals and devices; per day and page (and source) a row; per export row a row; per page (and source)
 * its views over the last 7, 30 and 90 days, kept as views arrive and as days leave each period, so the
 * top lists of a period are read from an index instead of summed over its days; the funnel per day and
 * entry source; per minute and page for the realtime view. A visitor is unique per day and key through
 * their visit document (hashes only).
 *
 * Idempotent like every projector: a counter remembers the last event that moved it (incrementOnce),
 * and a count that depends on a visit or an order is decided once and kept with it, so a replay repeats
 * it exactly.
 */
@Injectable()
@RunsOnTheLog()
export class AnalyticsProjector implements Projector {
  readonly name = 'analytics';
  readonly collections = [
    ANALYTICS_DAYS,
    ANALYTICS_DAY_KEYS,
    ANALYTICS_WINDOW_KEYS,
    ANALYTICS_ROWS,
    ANALYTICS_FUNNEL,
    ANALYTICS_MINUTES,
    ANALYTICS_MINUTE_PAGES,
    ANALYTICS_RECENT_VISITORS,
    ANALYTICS_VISITS,
    ANALYTICS_ORDERS,
    ANALYTICS_META,
  ] as const;
  /** 2: counters per key, updated in place; the top lists' rolling periods. */
  readonly version = 2;
  /** The newest day and minute seen, to drop the visits and realtime rows that are over and to move the periods on. */
  private newestDay = '';
  private newestMinute = '';

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  private collection<T extends Document>(name: string) {
    return this.readStore.collection<T>(name);
  }

  async prepare(): Promise<void> {
    this.newestDay = (await this.collection<WindowsDocument>(ANALYTICS_META).findOne({ _id: WINDOWS_ID }))?.end ?? '';
    this.newestMinute = '';
    await this.collection(ANALYTICS_DAY_KEYS).createIndex({ day: 1, kind: 1 });
    for (const period of ANALYTICS_PERIODS) await this.collection(ANALYTICS_WINDOW_KEYS).createIndex({ kind: 1, [windowField(period)]: -1, key: 1 });
    await this.collection(ANALYTICS_ROWS).createIndex({ day: 1 });
    await this.collection(ANALYTICS_FUNNEL).createIndex({ day: 1 });
    await this.collection(ANALYTICS_MINUTE_PAGES).createIndex({ minute: 1 });
    await this.collection(ANALYTICS_RECENT_VISITORS).createIndex({ minute: 1 });
    await this.collection(ANALYTICS_VISITS).createIndex({ day: 1 });
    await this.collection(ANALYTICS_MINUTES).createIndex({ minute: 1 });
  }

  canHandle(event: RecordedEvent): boolean {
    return event.streamId.startsWith(TRAFFIC_STREAM_PREFIX) || event.streamId.startsWith('order-');
  }

  async apply(recorded: RecordedEvent): Promise<void> {
    if (recorded.streamId.startsWith(TRAFFIC_STREAM_PREFIX)) return this.applyTraffic(recorded as unknown as TrafficEvent, recorded);
    return this.applyOrder(upcastOrderStreamEvent(recorded), recorded);
  }

  private async applyTraffic(event: TrafficEvent, recorded: RecordedEvent): Promise<void> {
    await this.moveOn(event.data.day, minuteOf(event.data.at), recorded);
    switch (event.type) {
      case 'PageViewed':
        return this.applyPageView(event, recorded);
      case 'ProductAddedToCart':
      case 'CheckoutStarted':
        return this.applyFunnelStep(event.type === 'ProductAddedToCart' ? 'add_to_cart' : 'checkout_started', event.data, recorded);
      case 'OrderPlacedInVisit':
        return this.attributeOrder(event, recorded);
    }
  }

  private async applyPageView(event: PageViewed, recorded: RecordedEvent): Promise<void> {
    const { day, visitor, path, source, device } = event.data;
    const decided = await this.decideOnce<VisitDocument, ViewCount>(ANALYTICS_VISITS, visitId(day, visitor), recorded, (visit) => {
      const counted = countPageView(visit, { path, source, device });
      return { state: { day, ...counted.visit }, decision: counted.count };
    });
    if (!decided) return;
    // Counters of different documents, each applied once (its own marker of the event): written at once, so that a
    // server store takes one round trip's time for them instead of nine. The visit's decision is saved after all
    // of them, so a view interrupted halfway is counted again, each counter once.
    const seen = lastSeenWrite(visitor, minuteOf(event.data.at));
    await Promise.all([
      ...this.viewCounters(event.data, decided.decision).map(({ collection, _id, deltas, fields }) => incrementOnce(this.collection(collection), _id, recorded, deltas, fields)),
      this.collection(seen.collection).updateOne(seen.filter, seen.update, { upsert: true }),
    ]);
    await decided.save();
  }

  /** The counters a view moves: the day's, its page's and source's (that day and in each period holding it), its export row's, the funnel's, the minute's. */
  private viewCounters({ day, path, device, at }: PageViewed['data'], count: ViewCount): { collection: string; _id: string; deltas: Record<string, number>; fields: Record<string, unknown> }[] {
    const minute = minuteOf(at);
    const row = rowKey(path, count.source, device);
    const periods = this.periodsHolding(day);
    const key = (kind: KeyKind, name: string, newVisitor: boolean) => [
      { collection: ANALYTICS_DAY_KEYS, _id: dayKeyId(day, kind, name), deltas: { views: 1, visitors: one(newVisitor) }, fields: { day, kind, key: name } },
      { collection: ANALYTICS_WINDOW_KEYS, _id: windowKeyId(kind, name), deltas: Object.fromEntries(periods.map((period) => [windowField(period), 1])), fields: { kind, key: name } },
    ];
    return [
      { collection: ANALYTICS_DAYS, _id: day, deltas: { views: 1, visitors: one(count.newVisitor), [`devices.${device}.views`]: 1, [`devices.${device}.visitors`]: one(count.newDevice) }, fields: { day } },
      ...key('page', path, count.newPage),
      ...key('source', count.source, count.newSource),
      { collection: ANALYTICS_ROWS, _id: rowId(day, row), deltas: { views: 1, visitors: one(count.newRow) }, fields: { day, path, source: count.source, device } },
      { collection: ANALYTICS_FUNNEL, _id: funnelId(day, count.entrySource), deltas: { productViews: one(count.newProductView) }, fields: { day, source: count.entrySource } },
      { collection: ANALYTICS_MINUTES, _id: minute, deltas: { views: 1 }, fields: { minute } },
      { collection: ANALYTICS_MINUTE_PAGES, _id: minutePageId(minute, path), deltas: { views: 1 }, fields: { minute, path } },
    ];
  }

  /** Page views of days the periods already reach: a view of a newer day moves the periods on first, one at a time (apply). */
  batches(event: RecordedEvent): boolean {
    return event.type === 'PageViewed' && event.streamId.startsWith(TRAFFIC_STREAM_PREFIX) && this.newestDay !== '' && (event.data as PageViewed['data']).day <= this.newestDay;
  }

  /**
   * A run of page views at once: their visits read together, each view decided in log order on its visit as the
   * views before it left it (as apply decides them), their counters summed per document, and each visit written
   * once. A view whose visit already shows it (applied one at a time before) counts no more.
   */
  async planBatch(events: readonly RecordedEvent[]): Promise<BatchWrite[]> {
    const views = events.map((recorded) => ({ recorded, view: (recorded as unknown as PageViewed).data }));
    const ids = [...new Set(views.map(({ view }) => visitId(view.day, view.visitor)))];
    const visits = new Map((await this.collection<VisitDocument>(ANALYTICS_VISITS).find({ _id: { $in: ids } })).map((visit) => [visit._id, visit]));
    const changed = new Set<string>();
    const counters = new CounterMoves();
    const lastSeen = new Map<string, string>();
    let newestMinute = this.newestMinute;
    for (const { recorded, view } of views) {
      const _id = visitId(view.day, view.visitor);
      const visit = visits.get(_id) ?? null;
      if (appliedPosition(visit) >= recorded.position) continue;
      const { visit: next, count } = countPageView(visit, view);
      visits.set(_id, { ...next, _id, day: view.day, decision: count, [APPLIED_POSITION]: recorded.position } as VisitDocument);
      changed.add(_id);
      for (const { collection, _id: counter, deltas, fields } of this.viewCounters(view, count)) counters.add(collection, counter, recorded, deltas, fields);
      const minute = minuteOf(view.at);
      if (minute > (lastSeen.get(view.visitor) ?? '')) lastSeen.set(view.visitor, minute);
      if (minute > newestMinute) newestMinute = minute;
    }
    const writes: BatchWrite[] = [
      ...counters.writes(),
      ...[...lastSeen].map(([visitor, minute]) => lastSeenWrite(visitor, minute)),
      ...[...changed].map((_id): BatchWrite => ({ kind: 'replace', collection: ANALYTICS_VISITS, document: visits.get(_id)! })),
    ];
    if (newestMinute > this.newestMinute) {
      this.newestMinute = newestMinute;
      const older = { minute: { $lt: oldestMinuteKept(newestMinute) } };
      for (const collection of REALTIME_COLLECTIONS) writes.push({ kind: 'delete', collection, filter: older });
    }
    return writes;
  }

  /** The periods (ending with the newest day seen) that a view of `day` counts in: a late report of a day that has left a period does not count in it. */
  private periodsHolding(day: string): AnalyticsPeriod[] {
    return ANALYTICS_PERIODS.filter((period) => day > daysBefore(this.newestDay, period));
  }

  /** Added to cart, checkout started: a visitor counts once a day per step, under their entry source. */
  private async applyFunnelStep(step: 'add_to_cart' | 'checkout_started', { day, visitor }: { day: string; visitor: string }, recorded: RecordedEvent): Promise<void> {
    const decided = await this.decideOnce<VisitDocument, FunnelStepCount>(ANALYTICS_VISITS, visitId(day, visitor), recorded, (visit) => {
      const { visit: next, entrySource, first } = countFunnelStep(visit, step);
      return { state: { day, ...next }, decision: { entrySource, first } };
    });
    if (!decided) return;
    const { entrySource, first } = decided.decision;
    if (first) await incrementOnce(this.collection(ANALYTICS_FUNNEL), funnelId(day, entrySource), recorded, { [step === 'add_to_cart' ? 'addedToCart' : 'checkoutStarted']: 1 }, { day, source: entrySource });
    await decided.save();
  }

  /** The first report of an order attributes it to that visit's entry source and day; a later one changes nothing. */
  private async attributeOrder(event: OrderPlacedInVisit, recorded: RecordedEvent): Promise<void> {
    const { day, visitor, orderId } = event.data;
    const visit = await this.collection<VisitDocument>(ANALYTICS_VISITS).findOne({ _id: visitId(day, visitor) });
    await this.settleOrder(orderId, recorded, (order) => ({ facts: {}, attribution: order?.attribution ?? { day, source: visit?.entrySource ?? DIRECT_SOURCE } }));
  }

  private async applyOrder(event: OrderStreamEvent, recorded: RecordedEvent): Promise<void> {
    const facts = factsAfter(event);
    if (facts === null) return;
    await this.settleOrder(event.data.orderId, recorded, (order) => ({ facts, attribution: order?.attribution ?? null }));
  }

  /** Records what changed of an order and moves its attributed visit's funnel counts (placed, paid, revenue) to match. */
  private async settleOrder(orderId: number, recorded: RecordedEvent, change: (order: OrderDocument | null) => { facts: Partial<OrderFacts>; attribution: Attribution | null }): Promise<void> {
    const decided = await this.decideOnce<OrderDocument, OrderDecision>(ANALYTICS_ORDERS, String(orderId), recorded, (order) => {
      const { facts, attribution } = change(order);
      const { _id, decision, ...before } = order ?? { _id: '', decision: null, attribution: null, counted: null };
      const after = { ...before, ...facts, attribution };
      const paid = isOrderFacts(after) ? revenueCents(after) : 0;
      const { now, change: countChange } = orderCountChange(before.counted, attribution !== null, paid);
      return { state: { ...after, counted: now }, decision: { attribution, change: countChange } };
    });
    if (!decided) return;
    const { attribution, change: counts } = decided.decision;
    if (attribution !== null) {
      await incrementOnce(this.collection(ANALYTICS_FUNNEL), funnelId(attribution.day, attribution.source), recorded, { ordersPlaced: counts.ordersPlaced, ordersPaid: counts.ordersPaid, revenueCents: counts.revenueCents }, { day: attribution.day, source: attribution.source });
    }
    await decided.save();
  }

  /**
   * Decides an event's counts from a state document (a visit, an order) once: the decision is saved in
   * that document with the event's position, after the counts it moves, so a replay after a crash in
   * between repeats it instead of deciding again on the state the event itself left. Null when a later
   * event already changed the state: this one was applied in full before it.
   */
  private async decideOnce<State extends Document & Decided<unknown>, Decision>(
    collection: string,
    _id: string,
    recorded: RecordedEvent,
    decide: (state: State | null) => { state: Omit<State, '_id' | 'decision'>; decision: Decision },
  ): Promise<{ decision: Decision; save: () => Promise<void> } | null> {
    const states = this.collection<State>(collection);
    const found = await states.findOne({ _id });
    const applied = appliedPosition(found);
    if (applied > recorded.position) return null;
    if (found && applied === recorded.position) return { decision: found.decision as Decision, save: async () => undefined };
    const { state, decision } = decide(found);
    return { decision, save: () => states.replaceOne({ ...state, _id, decision, [APPLIED_POSITION]: recorded.position } as unknown as State) };
  }

  /**
   * When a newer day begins: the views of the days that leave each period are taken out of the periods
   * (once per page or source: each remembers the newest day it has moved to), the visits of days before
   * yesterday are dropped (a report received at midnight may arrive late), and so are realtime rows
   * older than MINUTES_KEPT.
   */
  private async moveOn(day: string, minute: string, recorded: RecordedEvent): Promise<void> {
    if (day > this.newestDay) {
      const from = this.newestDay;
      if (from !== '') await this.rollPeriods(from, day);
      this.newestDay = day;
      await this.collection<WindowsDocument>(ANALYTICS_META).replaceOne({ _id: WINDOWS_ID, end: day, [APPLIED_POSITION]: recorded.position });
      await this.collection(ANALYTICS_VISITS).deleteMany({ day: { $lt: daysBefore(day, 1) } });
    }
    if (minute > this.newestMinute) {
      this.newestMinute = minute;
      const older = { minute: { $lt: oldestMinuteKept(minute) } };
      for (const collection of REALTIME_COLLECTIONS) await this.collection(collection).deleteMany(older);
    }
  }

  /** Moves every period from ending on `from` to ending on `to`: the views of each day that leaves a period come out of it. */
  private async rollPeriods(from: string, to: string): Promise<void> {
    const leaving = new Map<string, { kind: KeyKind; key: string; deltas: Partial<Record<WindowField, number>> }>();
    for (const period of ANALYTICS_PERIODS) {
      // Days in the period ending `from` and not in the one ending `to`.
      for (let day = daysBefore(from, period - 1); day <= daysBefore(to, period) && day <= from; day = daysBefore(day, -1)) {
        for (const row of await this.collection<DayKeyDocument>(ANALYTICS_DAY_KEYS).find({ day })) {
          const id = windowKeyId(row.kind, row.key);
          const entry = leaving.get(id) ?? { kind: row.kind, key: row.key, deltas: {} };
          entry.deltas[windowField(period)] = (entry.deltas[windowField(period)] ?? 0) - (row.views ?? 0);
          leaving.set(id, entry);
        }
      }
    }
    const windows = this.collection<WindowKeyDocument>(ANALYTICS_WINDOW_KEYS);
    for (const [_id, { deltas }] of leaving) {
      await windows.updateOne({ _id, $or: [{ rolledTo: { $exists: false } }, { rolledTo: { $lt: to } }] }, { $inc: deltas, $set: { rolledTo: to } });
    }
  }
}

function appliedPosition(doc: Document | null): number {
  return (doc?.[APPLIED_POSITION] as number | undefined) ?? -1;
}

const one = (isNew: boolean) => (isNew ? 1 : 0);

/** What an order event changes of the facts the revenue rule reads; null for events that change none. */
function factsAfter(event: OrderStreamEvent): Partial<OrderFacts> | null {
  switch (event.type) {
    case 'OrderPlaced':
      return { paymentMethod: event.data.paymentMethod, status: event.data.status, paymentStatus: event.data.paymentStatus, totalAmount: event.data.totals.totalAmount };
    case 'OrderPaymentConfirmed':
      return { paymentStatus: 'confirmed', status: event.data.statusAfter };
    case 'OrderPaymentFailed':
      return { paymentStatus: event.data.paymentStatusAfter };
    case 'OrderStatusChanged':
      return event.data.cashCollected ? { status: event.data.to, paymentStatus: 'confirmed' } : { status: event.data.to };
    case 'OrderShipped':
      return { status: 'shipped' };
    case 'OrderCancelled':
    case 'OrderExpired':
      return { status: 'cancelled' };
    // The payment left the chain (a reorganisation): unpaid again until it confirms again.
    case 'OrderPaymentReversed':
      return { paymentStatus: 'pending', status: event.data.to };
    default:
      return null;
  }
}

function isOrderFacts(order: Partial<OrderFacts>): order is OrderFacts {
  return order.paymentMethod !== undefined && order.status !== undefined && order.paymentStatus !== undefined && order.totalAmount !== undefined;
}

export const visitId = (day: string, visitor: string) => `${day}:${visitor}`;
/** A visitor seen in `minute`, for the realtime view's count of visitors (the latest minute is kept). */
const lastSeenWrite = (visitor: string, minute: string) =>
  ({ kind: 'update', collection: ANALYTICS_RECENT_VISITORS, filter: { _id: visitor }, update: { $max: { minute } }, upsert: true }) satisfies BatchWrite;
/** The oldest realtime minute kept once `minute` is the newest seen. */
const oldestMinuteKept = (minute: string) => minuteOf(new Date(Date.parse(`${minute}:00Z`) - MINUTES_KEPT * 60_000).toISOString());
/** The minute of an ISO instant, `YYYY-MM-DDTHH:MM`: a realtime bucket's id. */
export const minuteOf = (isoInstant: string) => isoInstant.slice(0, 16);

/** The day `count` days before a YYYY-MM-DD day (after it, for a negative count); '' for ''. */
export function daysBefore(day: string, count: number): string {
  if (day === '') return '';
  return new Date(Date.parse(`${day}T00:00:00Z`) - count * 86_400_000).toISOString().slice(0, 10);
}
