import { AnalyticsDayDocument, Counts, DayCountersDocument, FunnelCounter, MinuteDocument } from './analytics.projector';
import { fieldOf } from './counter-fields';
import { exportRows, funnelView, periodDays, realtimeView, realtimeWindow, trafficView } from './traffic-report';
import { rowKey } from './traffic-counting';

const funnel = (counts: Partial<FunnelCounter>): FunnelCounter => ({ productViews: 0, addedToCart: 0, checkoutStarted: 0, ordersPlaced: 0, ordersPaid: 0, revenueCents: 0, ...counts });

const dayDoc = (day: string, views: number, visitors: number, parts: Partial<AnalyticsDayDocument> = {}): AnalyticsDayDocument => ({
  _id: day, day, views, visitors, pages: counts({}), sources: counts({}), devices: counts({}), funnel: {}, ...parts,
});

/** Counts of keys as written by the projector; devices are keyed as they are. */
const counts = (byKey: Record<string, [views: number, visitors: number]>, field = fieldOf): Counts => ({
  views: Object.fromEntries(Object.entries(byKey).map(([key, [views]]) => [field(key), views])),
  visitors: Object.fromEntries(Object.entries(byKey).map(([key, [, visitors]]) => [field(key), visitors])),
});
const asIs = (key: string) => key;

const shard = (day: string, rows: Record<string, [views: number, visitors: number]>, shardNo = 0): DayCountersDocument => ({ _id: `${day}:${shardNo}`, day, rows: counts(rows) });

describe('The traffic answer of a period', () => {
  it('covers every day of the period, oldest first, ending today', () => {
    expect(periodDays(3, '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(periodDays(90, '2026-03-31')).toHaveLength(90);
  });

  it('sums the days, lists pages and sources most viewed first, and gives days without views a 0', () => {
    const period = periodDays(3, '2026-03-10');
    const days = [
      dayDoc('2026-03-08', 5, 2, {
        pages: counts({ '/': [3, 2], '/faq.html': [2, 1] }),
        sources: counts({ Direct: [3, 1], 'google.com': [2, 1] }),
        devices: counts({ desktop: [3, 1], mobile: [2, 1] }, asIs),
      }),
      dayDoc('2026-03-10', 4, 1, { pages: counts({ '/faq.html': [4, 1] }), sources: counts({ 'google.com': [4, 1] }), devices: counts({ tablet: [4, 1] }, asIs) }),
    ];
    expect(trafficView(period, days)).toEqual({
      totalPageViews: 9,
      uniqueVisitors: 3,
      topPages: [{ path: '/faq.html', views: 6 }, { path: '/', views: 3 }],
      trafficSources: [{ source: 'google.com', views: 6 }, { source: 'Direct', views: 3 }],
      deviceTypes: [{ type: 'tablet', views: 4 }, { type: 'desktop', views: 3 }, { type: 'mobile', views: 2 }],
      dailyViews: [
        { date: '2026-03-08', views: 5, visitors: 2 },
        { date: '2026-03-09', views: 0, visitors: 0 },
        { date: '2026-03-10', views: 4, visitors: 1 },
      ],
    });
  });

  it('answers an empty period with zeros and empty lists', () => {
    expect(trafficView(periodDays(7, '2026-03-10'), [])).toMatchObject({ totalPageViews: 0, uniqueVisitors: 0, topPages: [], trafficSources: [], deviceTypes: [] });
  });

  it('orders ties by name, so the same data always gives the same answer', () => {
    const view = trafficView(['2026-03-10'], [dayDoc('2026-03-10', 2, 1, { pages: counts({ '/b': [1, 1], '/a': [1, 1] }) })]);
    expect(view.topPages.map((page) => page.path)).toEqual(['/a', '/b']);
  });
});

describe('The export rows of a period', () => {
  it('reads each day’s rows back as date, path, source, device, views and visitors, oldest day first and most viewed first', () => {
    const rows = exportRows([
      shard('2026-03-09', { [rowKey('/', 'Direct', 'desktop')]: [1, 1] }),
      shard('2026-03-08', { [rowKey('/', 'Direct', 'desktop')]: [2, 1], [rowKey('/faq', 'google.com', 'mobile')]: [5, 2] }),
    ]);
    expect(rows).toEqual([
      { date: '2026-03-08', path: '/faq', source: 'google.com', device: 'mobile', views: 5, visitors: 2 },
      { date: '2026-03-08', path: '/', source: 'Direct', device: 'desktop', views: 2, visitors: 1 },
      { date: '2026-03-09', path: '/', source: 'Direct', device: 'desktop', views: 1, visitors: 1 },
    ]);
  });
});

describe('The funnel of a period', () => {
  it('gives every step its count and rates, per source and per day, with revenue in AUD', () => {
    const view = funnelView(periodDays(2, '2026-03-10'), [
      dayDoc('2026-03-09', 0, 0, { funnel: { [fieldOf('google.com')]: funnel({ productViews: 4, addedToCart: 2, checkoutStarted: 1, ordersPlaced: 1, ordersPaid: 1, revenueCents: 12_950 }) } }),
      dayDoc('2026-03-10', 0, 0, { funnel: { [fieldOf('Direct')]: funnel({ productViews: 6, addedToCart: 1 }), [fieldOf('google.com')]: funnel({ productViews: 2 }) } }),
    ]);
    expect(view.totals).toEqual({ productViews: 12, addedToCart: 3, checkoutStarted: 1, ordersPlaced: 1, ordersPaid: 1, revenue: '129.50', conversionRate: 8.3 });
    expect(view.steps).toEqual([
      { step: 'product_view', count: 12, fromPrevious: null, fromStart: 100 },
      { step: 'add_to_cart', count: 3, fromPrevious: 25, fromStart: 25 },
      { step: 'checkout_started', count: 1, fromPrevious: 33.3, fromStart: 8.3 },
      { step: 'order_placed', count: 1, fromPrevious: 100, fromStart: 8.3 },
      { step: 'paid', count: 1, fromPrevious: 100, fromStart: 8.3 },
    ]);
    expect(view.bySource).toEqual([
      { source: 'google.com', productViews: 6, addedToCart: 2, checkoutStarted: 1, ordersPlaced: 1, ordersPaid: 1, revenue: '129.50', conversionRate: 16.7 },
      { source: 'Direct', productViews: 6, addedToCart: 1, checkoutStarted: 0, ordersPlaced: 0, ordersPaid: 0, revenue: '0.00', conversionRate: 0 },
    ]);
    expect(view.daily.map((day) => [day.date, day.productViews, day.revenue])).toEqual([
      ['2026-03-09', 4, '129.50'],
      ['2026-03-10', 8, '0.00'],
    ]);
  });

  it('has no rates where the step before is 0', () => {
    const view = funnelView(periodDays(7, '2026-03-10'), []);
    expect(view.totals.conversionRate).toBeNull();
    expect(view.steps.every((step) => step.fromPrevious === null && step.fromStart === null)).toBe(true);
    expect(view.daily).toHaveLength(7);
  });
});

describe('The realtime answer', () => {
  it('reads the minute buckets of at least the last 5 minutes', () => {
    expect(realtimeWindow(Date.parse('2026-03-10T12:03:30Z'))).toEqual({
      since: '2026-03-10T11:58:00.000Z',
      minutes: ['2026-03-10T11:58', '2026-03-10T11:59', '2026-03-10T12:00', '2026-03-10T12:01', '2026-03-10T12:02', '2026-03-10T12:03'],
    });
  });

  it('counts a visitor seen in several minutes once', () => {
    const minute = (id: string, visitors: string[], pages: Record<string, number>): MinuteDocument => ({
      _id: id, minute: id, views: Object.values(pages).reduce((a, b) => a + b, 0), visitors, pages: Object.fromEntries(Object.entries(pages).map(([path, views]) => [fieldOf(path), views])),
    });
    const view = realtimeView('2026-03-10T11:58:00.000Z', [minute('2026-03-10T12:00', ['a', 'b'], { '/': 2, '/faq': 1 }), minute('2026-03-10T12:01', ['a'], { '/faq': 2 })]);
    expect(view).toEqual({ visitors: 2, pageViews: 5, since: '2026-03-10T11:58:00.000Z', topPages: [{ path: '/faq', views: 3 }, { path: '/', views: 2 }] });
  });
});
