import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { SqliteReadStore } from '../../backend/src/storage/read-store/sqlite-read-store';
import { Document } from '../../backend/src/storage/read-store/read-store.port';
import { ANALYTICS_DAY_KEYS, ANALYTICS_DAYS, ANALYTICS_FUNNEL, ANALYTICS_MINUTE_PAGES, ANALYTICS_MINUTES, ANALYTICS_ORDERS, ANALYTICS_RECENT_VISITORS, ANALYTICS_ROWS, ANALYTICS_VISITS, ANALYTICS_WINDOW_KEYS, AnalyticsDayDocument, AnalyticsProjector, FunnelDocument, funnelId } from './analytics.projector';
import { AnalyticsQueries } from './analytics.queries';

type Data = Record<string, unknown>;

describe('AnalyticsProjector', () => {
  let readStore: SqliteReadStore;
  let projector: AnalyticsProjector;
  let position: number;

  beforeEach(async () => {
    readStore = new SqliteReadStore(':memory:', 'rebuildable');
    projector = new AnalyticsProjector(readStore);
    await projector.prepare();
    position = 0;
  });
  afterEach(async () => {
    await readStore.close();
  });

  const recorded = (streamId: string, type: string, data: Data, version = 1): RecordedEvent => {
    position += 1;
    return { id: `event-${position}`, streamId, revision: 0, position, type, version, data, metadata: { correlationId: 'c', causationId: null, actorId: null, occurredAt: '2026-03-08T10:00:00.000Z' } };
  };
  const viewed = (day: string, visitor: string, path: string, source = 'Direct', device = 'desktop', time = '10:00:00') =>
    recorded(`traffic-${day}`, 'PageViewed', { day, visitor, path, source, device, at: `${day}T${time}.000Z` });
  const step = (type: string, day: string, visitor: string, extra: Data = {}) => recorded(`traffic-${day}`, type, { day, visitor, at: `${day}T11:00:00.000Z`, ...extra });
  const orderEvent = (orderId: number, type: string, data: Data, version = 1) => recorded(`order-${orderId}`, type, { orderId, ...data }, version);
  const orderPlaced = (orderId: number, paymentMethod = 'bitcoin', totalAmount = '129.50') =>
    orderEvent(orderId, 'OrderPlaced', { paymentMethod, status: 'pending', paymentStatus: 'pending', totals: { totalAmount }, paymentDueBy: null }, 2);

  const applyAll = async (events: RecordedEvent[]) => {
    for (const event of events) if (projector.canHandle(event)) await projector.apply(event);
  };
  const day = (id: string) => readStore.collection<AnalyticsDayDocument>(ANALYTICS_DAYS).findOne({ _id: id });
  const funnelOf = async (date: string, source: string) => {
    const { _id, _position, day: _day, source: _source, ...counts } = (await readStore.collection<FunnelDocument>(ANALYTICS_FUNNEL).findOne({ _id: funnelId(date, source) })) ?? ({} as FunnelDocument);
    return { productViews: 0, addedToCart: 0, checkoutStarted: 0, ordersPlaced: 0, ordersPaid: 0, revenueCents: 0, ...counts };
  };
  const queries = () => new AnalyticsQueries(readStore);
  const everything = async (store: SqliteReadStore) => {
    const names = [ANALYTICS_DAYS, ANALYTICS_DAY_KEYS, ANALYTICS_WINDOW_KEYS, ANALYTICS_ROWS, ANALYTICS_FUNNEL, ANALYTICS_ORDERS];
    const collections = await Promise.all(names.map((name) => store.collection<Document>(name).find({}, { sort: { _id: 1 } })));
    return collections.map((docs) => docs.map(({ _position, ...doc }) => doc));
  };

  const history = () => [
    viewed('2026-03-08', 'aaaa', '/', 'google.com', 'mobile'),
    viewed('2026-03-08', 'aaaa', '/products/1'),
    viewed('2026-03-08', 'bbbb', '/products/1', 'Direct', 'desktop'),
    step('ProductAddedToCart', '2026-03-08', 'aaaa', { productId: 1, quantity: 2 }),
    step('CheckoutStarted', '2026-03-08', 'aaaa'),
    orderPlaced(7),
    step('OrderPlacedInVisit', '2026-03-08', 'aaaa', { orderId: 7 }),
    orderEvent(7, 'OrderPaymentConfirmed', { paymentId: 1, transactionHash: 'f'.repeat(64), statusAfter: 'processing' }),
    viewed('2026-03-09', 'cccc', '/faq', 'newsletter', 'tablet'),
  ];

  it('counts views, visitors, sources, devices and the funnel of each day', async () => {
    await applyAll(history());
    expect(await queries().traffic(7, '2026-03-09')).toMatchObject({
      totalPageViews: 4,
      uniqueVisitors: 3,
      topPages: [{ path: '/products/1', views: 2 }, { path: '/', views: 1 }, { path: '/faq', views: 1 }],
      trafficSources: [{ source: 'google.com', views: 2 }, { source: 'Direct', views: 1 }, { source: 'newsletter', views: 1 }],
      deviceTypes: [{ type: 'desktop', views: 2 }, { type: 'mobile', views: 1 }, { type: 'tablet', views: 1 }],
    });
    const funnel = await queries().funnel(7, '2026-03-09');
    expect(funnel.bySource).toEqual([
      { source: 'google.com', productViews: 1, addedToCart: 1, checkoutStarted: 1, ordersPlaced: 1, ordersPaid: 1, revenue: '129.50', conversionRate: 100 },
      { source: 'Direct', productViews: 1, addedToCart: 0, checkoutStarted: 0, ordersPlaced: 0, ordersPaid: 0, revenue: '0.00', conversionRate: 0 },
    ]);
  });

  it('applies an event delivered twice only once', async () => {
    const events = history();
    await applyAll(events);
    const once = await everything(readStore);
    await applyAll(events);
    expect(await everything(readStore)).toEqual(once);
  });

  it('repeats the counts it decided when a crash lost some of an event’s writes, instead of deciding again', async () => {
    const events = history();
    await applyAll(events.slice(0, 2));
    const dayBefore = await day('2026-03-08');
    await applyAll([events[2]]);
    // The crash: the day's counts were written back as before, the visit was not.
    await readStore.collection(ANALYTICS_DAYS).replaceOne(dayBefore!);
    await applyAll(events.slice(2));
    const recovered = await everything(readStore);

    const fresh = new SqliteReadStore(':memory:', 'rebuildable');
    projector = new AnalyticsProjector(fresh);
    position = 0;
    await applyAll(history());
    expect(recovered).toEqual(await everything(fresh));
    await fresh.close();
  });

  /** As the runner applies them: runs of the views it batches (one planBatch and one writeAll each), every other event one at a time. */
  const applyInRuns = async (events: RecordedEvent[], runLength: number) => {
    let run: RecordedEvent[] = [];
    const commit = async () => {
      if (run.length > 0) await readStore.writeAll(await projector.planBatch(run));
      run = [];
    };
    for (const event of events) {
      if (!projector.canHandle(event)) continue;
      if (projector.batches(event)) {
        run.push(event);
        if (run.length >= runLength) await commit();
      } else {
        await commit();
        await projector.apply(event);
      }
    }
    await commit();
  };
  const allOf = async (store: SqliteReadStore) => [
    ...(await everything(store)),
    ...(await Promise.all([ANALYTICS_MINUTES, ANALYTICS_MINUTE_PAGES, ANALYTICS_RECENT_VISITORS, ANALYTICS_VISITS].map((name) => store.collection<Document>(name).find({}, { sort: { _id: 1 } })))),
  ];
  /** Three days of views by visitors who come back, over 15 minutes a day, with a visit that orders. */
  const busyHistory = () =>
    ['2026-03-08', '2026-03-09', '2026-03-10'].flatMap((date) => [
      ...Array.from({ length: 40 }, (_, i) =>
        viewed(date, `v${i % 7}`, `/products/${i % 5}`, i % 6 === 0 ? 'google.com' : 'Direct', i % 3 === 0 ? 'mobile' : 'desktop', `10:${String(Math.floor(i / 3)).padStart(2, '0')}:00`),
      ),
      step('ProductAddedToCart', date, 'v1', { productId: 1, quantity: 1 }),
      viewed(date, 'v1', '/checkout', 'Direct', 'desktop', '10:14:00'),
      step('CheckoutStarted', date, 'v1'),
    ]);

  it('counts the same when page views are applied in runs as one at a time', async () => {
    await applyAll(busyHistory());
    const oneByOne = await allOf(readStore);
    for (const runLength of [2, 7, 500]) {
      const runs = new SqliteReadStore(':memory:', 'rebuildable');
      projector = new AnalyticsProjector(runs);
      await projector.prepare();
      const store = readStore;
      readStore = runs;
      position = 0;
      await applyInRuns(busyHistory(), runLength);
      expect(await allOf(runs)).toEqual(oneByOne);
      readStore = store;
      await runs.close();
    }
  });

  it('refuses a run whose view was counted halfway one at a time before a crash, and counts each once one at a time', async () => {
    const events = busyHistory().slice(0, 8);
    await applyAll(events.slice(0, 5));
    const visitBefore = await readStore.collection(ANALYTICS_VISITS).findOne({ _id: '2026-03-08:v5' });
    await applyAll([events[5]]);
    // The crash: the view's counters were written, its visit was not.
    if (visitBefore) await readStore.collection(ANALYTICS_VISITS).replaceOne(visitBefore);
    else await readStore.collection(ANALYTICS_VISITS).deleteOne({ _id: '2026-03-08:v5' });
    await expect(readStore.writeAll(await projector.planBatch(events.slice(5)))).rejects.toMatchObject({ name: 'DuplicateKeyError' });
    await applyAll(events.slice(5));
    const recovered = await allOf(readStore);

    const fresh = new SqliteReadStore(':memory:', 'rebuildable');
    projector = new AnalyticsProjector(fresh);
    position = 0;
    await applyAll(busyHistory().slice(0, 8));
    expect(recovered).toEqual(await allOf(fresh));
    await fresh.close();
  });

  it('keeps each page\'s views of the last 7, 30 and 90 days as days go by, and answers the top lists from them', async () => {
    await applyAll([viewed('2026-01-01', 'aaaa', '/old'), viewed('2026-03-01', 'bbbb', '/march'), viewed('2026-03-01', 'bbbb', '/march'), viewed('2026-03-08', 'cccc', '/recent')]);
    const top = async (days: 7 | 30 | 90, today: string) => (await queries().traffic(days, today)).topPages;
    expect(await top(7, '2026-03-08')).toEqual([{ path: '/recent', views: 1 }]);
    expect(await top(30, '2026-03-08')).toEqual([{ path: '/march', views: 2 }, { path: '/recent', views: 1 }]);
    expect(await top(90, '2026-03-08')).toEqual([{ path: '/march', views: 2 }, { path: '/old', views: 1 }, { path: '/recent', views: 1 }]);
    // A month later the 8th has left the 7 and 30-day periods; a late report of the 1st counts in the 90 days only.
    await applyAll([viewed('2026-04-08', 'dddd', '/april'), viewed('2026-03-01', 'eeee', '/march')]);
    expect(await top(7, '2026-04-08')).toEqual([{ path: '/april', views: 1 }]);
    expect(await top(30, '2026-04-08')).toEqual([{ path: '/april', views: 1 }]);
    expect(await top(90, '2026-04-08')).toEqual([{ path: '/march', views: 3 }, { path: '/april', views: 1 }, { path: '/recent', views: 1 }]);
    // A day without any view yet: the period is summed from its days instead.
    expect(await top(7, '2026-04-09')).toEqual([{ path: '/april', views: 1 }]);
    // 90 days to 1 June begin on 4 March: March's first week is out.
    expect(await top(90, '2026-06-01')).toEqual([{ path: '/april', views: 1 }, { path: '/recent', views: 1 }]);
  });

  it('keeps a visitor’s markers through the next day only, and realtime buckets for 10 minutes', async () => {
    await applyAll([viewed('2026-03-08', 'aaaa', '/'), viewed('2026-03-09', 'bbbb', '/', 'Direct', 'desktop', '10:00:00')]);
    expect(await readStore.collection(ANALYTICS_VISITS).count({})).toBe(2);
    expect(await readStore.collection(ANALYTICS_MINUTES).count({})).toBe(1);
    await applyAll([viewed('2026-03-10', 'cccc', '/', 'Direct', 'desktop', '10:05:00')]);
    expect((await readStore.collection(ANALYTICS_VISITS).find({})).map((visit) => visit.day)).toEqual(['2026-03-09', '2026-03-10']);
    expect((await readStore.collection(ANALYTICS_MINUTES).find({})).map((minute) => minute._id)).toEqual(['2026-03-10T10:05']);
  });

  it('attributes an order to the first visit that reports it, and follows its payment, cancellation and cash on delivery', async () => {
    await applyAll([
      viewed('2026-03-08', 'aaaa', '/', 'google.com'),
      orderPlaced(7),
      step('OrderPlacedInVisit', '2026-03-08', 'aaaa', { orderId: 7 }),
      step('OrderPlacedInVisit', '2026-03-08', 'zzzz', { orderId: 7 }),
      orderEvent(7, 'OrderPaymentConfirmed', { paymentId: 1, transactionHash: 'f'.repeat(64), statusAfter: 'processing' }),
    ]);
    expect(await funnelOf('2026-03-08', 'google.com')).toEqual({ productViews: 0, addedToCart: 0, checkoutStarted: 0, ordersPlaced: 1, ordersPaid: 1, revenueCents: 12_950 });
    await applyAll([orderEvent(7, 'OrderCancelled', { from: 'processing', reason: 'Refunded' })]);
    expect(await funnelOf('2026-03-08', 'google.com')).toMatchObject({ ordersPlaced: 1, ordersPaid: 0, revenueCents: 0 });

    await applyAll([orderPlaced(8, 'cash_on_delivery', '80.00'), step('OrderPlacedInVisit', '2026-03-08', 'aaaa', { orderId: 8 })]);
    expect(await funnelOf('2026-03-08', 'google.com')).toMatchObject({ ordersPlaced: 2, ordersPaid: 0, revenueCents: 0 });
    await applyAll([orderEvent(8, 'OrderStatusChanged', { from: 'pending', to: 'delivered' })]);
    expect(await funnelOf('2026-03-08', 'google.com')).toMatchObject({ ordersPlaced: 2, ordersPaid: 1, revenueCents: 8_000 });
  });

  it('takes a payment that left the chain out of the paid orders and revenue, and counts it again when it confirms again', async () => {
    await applyAll([
      viewed('2026-03-09', 'bbbb', '/', 'google.com'),
      orderPlaced(9),
      step('OrderPlacedInVisit', '2026-03-09', 'bbbb', { orderId: 9 }),
      orderEvent(9, 'OrderPaymentConfirmed', { paymentId: 3, transactionHash: 'e'.repeat(64), statusAfter: 'processing' }),
    ]);
    expect(await funnelOf('2026-03-09', 'google.com')).toMatchObject({ ordersPlaced: 1, ordersPaid: 1, revenueCents: 12_950 });
    await applyAll([orderEvent(9, 'OrderPaymentReversed', { paymentId: 3, reason: 'Reorganisation', from: 'processing', to: 'pending', flagged: false })]);
    expect(await funnelOf('2026-03-09', 'google.com')).toMatchObject({ ordersPlaced: 1, ordersPaid: 0, revenueCents: 0 });
    await applyAll([orderEvent(9, 'OrderPaymentConfirmed', { paymentId: 3, transactionHash: 'e'.repeat(64), statusAfter: 'processing' })]);
    expect(await funnelOf('2026-03-09', 'google.com')).toMatchObject({ ordersPlaced: 1, ordersPaid: 1, revenueCents: 12_950 });
  });
});
