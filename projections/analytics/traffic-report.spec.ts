import { AnalyticsDayDocument, FunnelCounter, FunnelDocument, MinuteDocument, MinutePageDocument, RowDocument } from './analytics.projector';
import { exportRows, funnelView, periodDays, realtimeView, realtimeWindow, topKeys, trafficView } from './traffic-report';

const funnel = (day: string, source: string, counts: Partial<FunnelCounter>): FunnelDocument => ({ _id: `${day}|${source}`, day, source, ...counts });

const dayDoc = (day: string, views: number, visitors: number, devices: AnalyticsDayDocument['devices'] = {}): AnalyticsDayDocument => ({ _id: day, day, views, visitors, devices });

describe('The traffic answer of a period', () => {
  it('covers every day of the period, oldest first, ending today', () => {
    expect(periodDays(3, '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(periodDays(90, '2026-03-31')).toHaveLength(90);
  });

  it('sums the days and the devices, gives days without views a 0, and lists the pages and sources it is given', () => {
    const period = periodDays(3, '2026-03-10');
    const days = [dayDoc('2026-03-08', 5, 2, { desktop: { views: 3, visitors: 1 }, mobile: { views: 2, visitors: 1 } }), dayDoc('2026-03-10', 4, 1, { tablet: { views: 4, visitors: 1 } })];
    const pages = [{ key: '/faq.html', views: 6 }, { key: '/', views: 3 }];
    const sources = [{ key: 'google.com', views: 6 }, { key: 'Direct', views: 3 }];
    expect(trafficView(period, days, pages, sources)).toEqual({
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
    expect(trafficView(periodDays(7, '2026-03-10'), [], [], [])).toMatchObject({ totalPageViews: 0, uniqueVisitors: 0, topPages: [], trafficSources: [], deviceTypes: [] });
  });

  it('sums a period\'s days per key, most viewed first, ties by name, so the same data always gives the same answer', () => {
    const rows = [{ key: '/b', views: 1 }, { key: '/a', views: 1 }, { key: '/c', views: 2 }, { key: '/b', views: 2 }, { key: '/none', views: 0 }];
    expect(topKeys(rows, 10)).toEqual([{ key: '/b', views: 3 }, { key: '/c', views: 2 }, { key: '/a', views: 1 }]);
    expect(topKeys(rows, 1)).toEqual([{ key: '/b', views: 3 }]);
  });
});

describe('The export rows of a period', () => {
  it('reads each row back as date, path, source, device, views and visitors, in the order it was read', () => {
    const row = (day: string, path: string, source: string, device: 'desktop' | 'mobile', views: number, visitors: number): RowDocument => ({ _id: `${day}|${path}`, day, path, source, device, views, visitors });
    expect(exportRows([row('2026-03-08', '/faq', 'google.com', 'mobile', 5, 2), row('2026-03-09', '/', 'Direct', 'desktop', 1, 1)])).toEqual([
      { date: '2026-03-08', path: '/faq', source: 'google.com', device: 'mobile', views: 5, visitors: 2 },
      { date: '2026-03-09', path: '/', source: 'Direct', device: 'desktop', views: 1, visitors: 1 },
    ]);
  });
});

describe('The funnel of a period', () => {
  it('gives every step its count and rates, per source and per day, with revenue in AUD', () => {
    const view = funnelView(periodDays(2, '2026-03-10'), [
      funnel('2026-03-09', 'google.com', { productViews: 4, addedToCart: 2, checkoutStarted: 1, ordersPlaced: 1, ordersPaid: 1, revenueCents: 12_950 }),
      funnel('2026-03-10', 'Direct', { productViews: 6, addedToCart: 1 }),
      funnel('2026-03-10', 'google.com', { productViews: 2 }),
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

  it('sums the minutes\' views and pages, with the visitors counted by the query', () => {
    const minute = (id: string, views: number): MinuteDocument => ({ _id: id, minute: id, views });
    const page = (minuteId: string, path: string, views: number): MinutePageDocument => ({ _id: `${minuteId}|${path}`, minute: minuteId, path, views });
    const view = realtimeView('2026-03-10T11:58:00.000Z', [minute('2026-03-10T12:00', 3), minute('2026-03-10T12:01', 2)], [page('2026-03-10T12:00', '/', 2), page('2026-03-10T12:00', '/faq', 1), page('2026-03-10T12:01', '/faq', 2)], 2);
    expect(view).toEqual({ visitors: 2, pageViews: 5, since: '2026-03-10T11:58:00.000Z', topPages: [{ path: '/faq', views: 3 }, { path: '/', views: 2 }] });
  });
});
