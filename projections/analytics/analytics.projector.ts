import { Inject, Injectable } from '@nestjs/common';
import { DIRECT_SOURCE } from '../../backend/src/analytics/contract/analytics.views';
import { OrderPlacedInVisit, PageViewed, TRAFFIC_STREAM_PREFIX, TrafficEvent } from '../../backend/src/analytics/contract/traffic.events';
import { revenueCents } from '../../backend/src/ordering/contract/back-office';
import { OrderStatus, PaymentStatus } from '../../backend/src/ordering/contract/checkout-rules';
import { OrderStreamEvent, upcastOrderStreamEvent } from '../../backend/src/ordering/contract/order.events';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { APPLIED_POSITION, Projector } from '../runner/projector';
import { fieldOf, shardOf } from './counter-fields';
import { countFunnelStep, countPageView, OrderCount, orderCountChange, rowKey, ViewCount, Visit } from './traffic-counting';

export const ANALYTICS_DAYS = 'analytics_days';
export const ANALYTICS_DAY_ROWS = 'analytics_day_rows';
export const ANALYTICS_VISITS = 'analytics_visits';
export const ANALYTICS_MINUTES = 'analytics_minutes';
export const ANALYTICS_ORDERS = 'analytics_orders';

/** Documents per day holding its export rows' counters (path × source × device): counting a view rewrites one of them, not all. */
export const ROW_SHARDS = 16;
/** Realtime buckets are kept this long (the realtime view reads the last 5 minutes). */
const MINUTES_KEPT = 10;

/**
 * Views and unique visitors per key (fieldOf(path), fieldOf(source), a device…), as two flat maps of
 * numbers: read back at every answer, they copy several times faster than a map of small objects.
 */
export interface Counts {
  views: Record<string, number>;
  visitors: Record<string, number>;
}

export interface FunnelCounter {
  productViews: number;
  addedToCart: number;
  checkoutStarted: number;
  ordersPlaced: number;
  ordersPaid: number;
  revenueCents: number;
}

/**
 * One UTC day: its views and visitors, per page, source and device, and its funnel per entry source.
 * Maps are keyed by fieldOf(key). One document a day, so a 90-day answer reads 90 documents.
 */
export type AnalyticsDayDocument = Document & {
  day: string;
  views: number;
  visitors: number;
  pages: Counts;
  sources: Counts;
  devices: Counts;
  funnel: Record<string, FunnelCounter>;
};

/** One shard of a day's export rows (`_id` day:shard, keyed by fieldOf(rowKey)). */
export type DayCountersDocument = Document & { day: string; rows: Counts };

/** One minute (`YYYY-MM-DDTHH:MM`, UTC) for the realtime view: views, its visitors' hashes, views per page. */
export type MinuteDocument = Document & { minute: string; views: number; visitors: string[]; pages: Record<string, number> };

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

/**
 * Traffic and the funnel, as daily aggregates, so that answering costs the same for a thousand or ten
 * million page views: per day its totals, per page, source and device, and (sharded) per export row,
 * each with views and unique visitors; the funnel per day and entry source; per-minute buckets for the
 * realtime view. A visitor is unique per day and key through their visit document (hashes only).
 *
 * Idempotent like every projector: each document remembers the last event applied to it, and a count
 * that depends on a visit or an order is decided once and kept with it, so a replay repeats it exactly.
 * This projector is the only writer of its collections (one instance runs it), so it changes a document
 * in code and replaces it: on the embedded store that costs a quarter of the same change made with
 * update operators. The writes of one event are made in the same turn, so they share one commit.
 */
@Injectable()
export class AnalyticsProjector implements Projector {
  readonly name = 'analytics';
  readonly collections = [ANALYTICS_DAYS, ANALYTICS_DAY_ROWS, ANALYTICS_VISITS, ANALYTICS_MINUTES, ANALYTICS_ORDERS] as const;
  /** The newest day and minute seen, to drop the visits and buckets that are over when a newer one begins. */
  private newestDay = '';
  private newestMinute = '';

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async prepare(): Promise<void> {
    this.newestDay = '';
    this.newestMinute = '';
  }

  canHandle(event: RecordedEvent): boolean {
    return event.streamId.startsWith(TRAFFIC_STREAM_PREFIX) || event.streamId.startsWith('order-');
  }

  async apply(recorded: RecordedEvent): Promise<void> {
    if (recorded.streamId.startsWith(TRAFFIC_STREAM_PREFIX)) return this.applyTraffic(recorded as unknown as TrafficEvent, recorded);
    return this.applyOrder(upcastOrderStreamEvent(recorded), recorded);
  }

  private async applyTraffic(event: TrafficEvent, recorded: RecordedEvent): Promise<void> {
    const forgotten = this.forgetWhatIsOver(event.data.day, minuteOf(event.data.at));
    switch (event.type) {
      case 'PageViewed':
        return this.applyPageView(event, recorded, forgotten);
      case 'ProductAddedToCart':
      case 'CheckoutStarted':
        return this.applyFunnelStep(event.type === 'ProductAddedToCart' ? 'add_to_cart' : 'checkout_started', event.data, recorded, forgotten);
      case 'OrderPlacedInVisit':
        await forgotten;
        return this.attributeOrder(event, recorded);
    }
  }

  private async applyPageView(event: PageViewed, recorded: RecordedEvent, forgotten: Promise<void>): Promise<void> {
    const { day, visitor, path, source, device, at } = event.data;
    const decided = await this.decideOnce<VisitDocument, ViewCount>(ANALYTICS_VISITS, visitId(day, visitor), recorded, (visit) => {
      const counted = countPageView(visit, { path, source, device });
      return { state: { day, ...counted.visit }, decision: counted.count };
    });
    if (!decided) return forgotten;
    const count = decided.decision;
    const row = rowKey(path, count.source, device);
    const minute = minuteOf(at);
    await Promise.all([
      forgotten,
      decided.save(),
      this.change(ANALYTICS_DAYS, day, recorded, blankDay(day), (doc) => {
        doc.views += 1;
        doc.visitors += one(count.newVisitor);
        countView(doc.pages, fieldOf(path), count.newPage);
        countView(doc.sources, fieldOf(count.source), count.newSource);
        countView(doc.devices, device, count.newDevice);
        if (count.newProductView) funnelOf(doc, count.entrySource).productViews += 1;
      }),
      this.change(ANALYTICS_DAY_ROWS, shardId(day, row, ROW_SHARDS), recorded, blankShard(day), (doc) => countView(doc.rows, fieldOf(row), count.newRow)),
      this.change(ANALYTICS_MINUTES, minute, recorded, blankMinute(minute), (doc) => {
        doc.views += 1;
        doc.pages[fieldOf(path)] = (doc.pages[fieldOf(path)] ?? 0) + 1;
        if (!doc.visitors.includes(visitor)) doc.visitors.push(visitor);
      }),
    ]);
  }

  /** Added to cart, checkout started: a visitor counts once a day per step, under their entry source. */
  private async applyFunnelStep(step: 'add_to_cart' | 'checkout_started', { day, visitor }: { day: string; visitor: string }, recorded: RecordedEvent, forgotten: Promise<void>): Promise<void> {
    const decided = await this.decideOnce<VisitDocument, FunnelStepCount>(ANALYTICS_VISITS, visitId(day, visitor), recorded, (visit) => {
      const { visit: next, entrySource, first } = countFunnelStep(visit, step);
      return { state: { day, ...next }, decision: { entrySource, first } };
    });
    if (!decided) return forgotten;
    const { entrySource, first } = decided.decision;
    const counter = step === 'add_to_cart' ? 'addedToCart' : 'checkoutStarted';
    await Promise.all([forgotten, decided.save(), first && this.change(ANALYTICS_DAYS, day, recorded, blankDay(day), (doc) => (funnelOf(doc, entrySource)[counter] += 1))]);
  }

  /** The first report of an order attributes it to that visit's entry source and day; a later one changes nothing. */
  private async attributeOrder(event: OrderPlacedInVisit, recorded: RecordedEvent): Promise<void> {
    const { day, visitor, orderId } = event.data;
    const visit = await this.readStore.collection<VisitDocument>(ANALYTICS_VISITS).findOne({ _id: visitId(day, visitor) });
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
    const moved = counts.ordersPlaced !== 0 || counts.ordersPaid !== 0 || counts.revenueCents !== 0;
    await Promise.all([
      decided.save(),
      attribution !== null &&
        moved &&
        this.change(ANALYTICS_DAYS, attribution.day, recorded, blankDay(attribution.day), (doc) => {
          const funnel = funnelOf(doc, attribution.source);
          funnel.ordersPlaced += counts.ordersPlaced;
          funnel.ordersPaid += counts.ordersPaid;
          funnel.revenueCents += counts.revenueCents;
        }),
    ]);
  }

  /**
   * Decides an event's counts from a state document (a visit, an order) once: the decision is saved in
   * that document with the event's position, so a replay after a crash between the writes repeats it
   * instead of deciding again on the state the event itself left. Null when a later event already
   * changed the state: this one was applied in full before it. `save` goes with the counts' writes.
   */
  private async decideOnce<State extends Document & Decided<unknown>, Decision>(
    collection: string,
    _id: string,
    recorded: RecordedEvent,
    decide: (state: State | null) => { state: Omit<State, '_id' | 'decision'>; decision: Decision },
  ): Promise<{ decision: Decision; save: () => Promise<void> } | null> {
    const states = this.readStore.collection<State>(collection);
    const found = await states.findOne({ _id });
    const applied = appliedPosition(found);
    if (applied > recorded.position) return null;
    if (found && applied === recorded.position) return { decision: found.decision as Decision, save: async () => undefined };
    const { state, decision } = decide(found);
    return { decision, save: () => states.replaceOne({ ...state, _id, decision, [APPLIED_POSITION]: recorded.position } as unknown as State) };
  }

  /** Read, change in code, replace; unless the document already includes the event, which a replay must not count twice. */
  private async change<T extends Document>(collection: string, _id: string, recorded: RecordedEvent, blank: () => Omit<T, '_id'>, modify: (doc: T) => void): Promise<void> {
    const documents = this.readStore.collection<T>(collection);
    const doc = (await documents.findOne({ _id })) ?? ({ ...blank(), _id } as T);
    if (appliedPosition(doc) >= recorded.position) return;
    modify(doc);
    await documents.replaceOne({ ...doc, [APPLIED_POSITION]: recorded.position });
  }

  /** A day's visits are kept through the next day (a report received at midnight may arrive late), then dropped; minutes after MINUTES_KEPT. */
  private async forgetWhatIsOver(day: string, minute: string): Promise<void> {
    const forgetting: Promise<number>[] = [];
    if (day > this.newestDay) {
      this.newestDay = day;
      forgetting.push(this.readStore.collection(ANALYTICS_VISITS).deleteMany({ day: { $lt: dayBefore(day) } }));
    }
    if (minute > this.newestMinute) {
      this.newestMinute = minute;
      const oldestKept = minuteOf(new Date(Date.parse(`${minute}:00Z`) - MINUTES_KEPT * 60_000).toISOString());
      forgetting.push(this.readStore.collection(ANALYTICS_MINUTES).deleteMany({ minute: { $lt: oldestKept } }));
    }
    await Promise.all(forgetting);
  }
}

function appliedPosition(doc: Document | null): number {
  return (doc?.[APPLIED_POSITION] as number | undefined) ?? -1;
}

const one = (isNew: boolean) => (isNew ? 1 : 0);

function countView(counts: Counts, field: string, newVisitor: boolean): void {
  counts.views[field] = (counts.views[field] ?? 0) + 1;
  counts.visitors[field] = (counts.visitors[field] ?? 0) + one(newVisitor);
}

function funnelOf(day: AnalyticsDayDocument, source: string): FunnelCounter {
  return (day.funnel[fieldOf(source)] ??= { productViews: 0, addedToCart: 0, checkoutStarted: 0, ordersPlaced: 0, ordersPaid: 0, revenueCents: 0 });
}

const noCounts = (): Counts => ({ views: {}, visitors: {} });
const blankDay = (day: string) => (): Omit<AnalyticsDayDocument, '_id'> => ({ day, views: 0, visitors: 0, pages: noCounts(), sources: noCounts(), devices: noCounts(), funnel: {} });
const blankShard = (day: string) => (): Omit<DayCountersDocument, '_id'> => ({ day, rows: noCounts() });
const blankMinute = (minute: string) => (): Omit<MinuteDocument, '_id'> => ({ minute, views: 0, visitors: [], pages: {} });

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
      return { status: event.data.to };
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
/** The id of a day's shard document: `YYYY-MM-DD:<shard>`. */
export const dayShardId = (day: string, shard: number) => `${day}:${shard}`;
const shardId = (day: string, key: string, shards: number) => dayShardId(day, shardOf(key, shards));
/** The minute of an ISO instant, `YYYY-MM-DDTHH:MM`: a realtime bucket's id. */
export const minuteOf = (isoInstant: string) => isoInstant.slice(0, 16);

function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
