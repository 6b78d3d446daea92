import { Client } from 'pg';
import { APP_CONFIG, AppConfig } from '../../backend/src/config';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import request from 'supertest';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { ANALYTICS_CLOCK, AnalyticsClock } from '../../backend/src/analytics/analytics-clock';
import { TrafficLog } from '../../backend/src/analytics/commands/traffic-log';
import { VISITOR_SALTS_COLLECTION, VisitorSalts } from '../../backend/src/analytics/commands/visitor-salts';
import { trafficStream } from '../../backend/src/analytics/contract/traffic.events';
import { FunnelView, RealtimeView, TrafficAnalyticsView, TrafficExportRow } from '../../backend/src/analytics/contract/analytics.views';
import { CREDENTIAL_STORE, CredentialStore } from '../../backend/src/storage/credential-store/credential-store.port';
import { EVENT_STORE, EventStore, RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { signInAsAdmin, signUp, startTestApp, TestApp } from '../support/test-app';

const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** The address every supertest request comes from. */
const CLIENT_IP = '127.0.0.1';
/** The host the shop is reached at in these requests: a referrer from it is the shop itself. */
const SHOP_HOST = 'shop.example';

const address = { firstName: 'Ana', lastName: 'Lytics', phone: '0412345678', address: '1 Funnel St', city: 'Perth', state: 'WA', postalCode: '6000' };

describe('Traffic analytics: cookieless page views, daily aggregates, the funnel', () => {
  let shop: TestApp;
  let admin: request.Agent;
  let now: number;

  const at = (instant: string) => (now = Date.parse(instant));

  /** A report from a browser with this User-Agent, at this instant of the analytics clock. */
  const report = async (userAgent: string, instant: string, path: '/api/analytics/pageview' | '/api/analytics/event', body: object) => {
    at(instant);
    return request(shop.app.getHttpServer()).post(path).set('Host', SHOP_HOST).set('User-Agent', userAgent).send(body);
  };
  const view = async (userAgent: string, instant: string, body: { path: string; referrer?: string; utm?: Record<string, string> }) => {
    const response = await report(userAgent, instant, '/api/analytics/pageview', body);
    expect(response.status).toBe(202);
    expect(response.body).toEqual({});
  };
  const funnelStep = async (userAgent: string, instant: string, body: object) => expect((await report(userAgent, instant, '/api/analytics/event', body)).status).toBe(202);

  /** Every report handed over is in the log, and the analytics read model has caught up with it. */
  const settled = async () => {
    await shop.app.get(TrafficLog).flush();
    expect(await shop.app.get(ProjectionRunner).waitFor(await shop.app.get<EventStore>(EVENT_STORE).headPosition(), ['analytics'])).toBe(true);
  };
  const get = async <T>(path: string) => (await admin.get(path).expect(200)).body as T;

  let order: { id: number; totalAmount: string };

  beforeAll(async () => {
    shop = await startTestApp();
    admin = shop.agent();
    await signInAsAdmin(admin);
    jest.spyOn(shop.app.get<AnalyticsClock>(ANALYTICS_CLOCK), 'now').mockImplementation(() => now);

    // 8 March: a desktop visitor comes directly; an iPhone visitor comes from Google.
    await view(DESKTOP, '2026-03-08T09:00:00Z', { path: '/' });
    await view(DESKTOP, '2026-03-08T09:01:00Z', { path: '/products' });
    await view(DESKTOP, '2026-03-08T09:02:00Z', { path: '/products/1' });
    await view(IPHONE, '2026-03-08T09:05:00Z', { path: '/', referrer: 'https://www.google.com/search?q=bpc' });
    // A later view of the same page load carries no referrer: it continues the visit from Google. Its query string is not kept.
    await view(IPHONE, '2026-03-08T09:06:00Z', { path: '/products/1?ref=carousel' });
    await view(GOOGLEBOT, '2026-03-08T09:07:00Z', { path: '/' });
    await view(DESKTOP, '2026-03-08T09:08:00Z', { path: '/admin' });

    // 9 March: the desktop visitor again, from a newsletter (utm_source), twice on one product.
    await view(DESKTOP, '2026-03-09T14:00:00Z', { path: '/', utm: { source: 'newsletter', medium: 'email' } });
    await view(DESKTOP, '2026-03-09T14:01:00Z', { path: '/products/2' });
    await view(DESKTOP, '2026-03-09T14:02:00Z', { path: '/products/2/' });
    await view(DESKTOP, '2026-03-09T14:03:00Z', { path: '/admin/orders' });

    // 10 March (today): the iPhone from a news site, then a page reached from the shop itself; the desktop directly.
    await view(IPHONE, '2026-03-10T08:00:00Z', { path: '/products/1', referrer: 'https://news.example.org/peptides' });
    await view(IPHONE, '2026-03-10T08:01:00Z', { path: '/faq', referrer: `https://${SHOP_HOST}/products/1` });
    await view(DESKTOP, '2026-03-10T08:02:00Z', { path: '/' });
    await view(GOOGLEBOT, '2026-03-10T08:03:00Z', { path: '/products/1' });

    // The iPhone visitor buys: cart, checkout, an order placed and reported, then paid.
    const [product] = (await shop.agent().get('/api/products').expect(200)).body as { id: number }[];
    await funnelStep(IPHONE, '2026-03-10T08:04:00Z', { type: 'add_to_cart', productId: product.id, quantity: 2 });
    await funnelStep(IPHONE, '2026-03-10T08:05:00Z', { type: 'checkout_started' });
    const shopper = shop.agent();
    order = (await shopper.post('/api/orders').send({ customerEmail: 'ana@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: address, items: [{ productId: product.id, quantity: 2 }] }).expect(201)).body;
    await funnelStep(IPHONE, '2026-03-10T08:06:00Z', { type: 'order_placed', orderId: order.id });
    const payment = (await shopper.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'bitcoin' }).expect(201)).body as { id: number };
    await admin.post(`/api/admin/payments/${payment.id}/confirm`).send({ transactionHash: 'c'.repeat(64) }).expect(200);
    // The desktop visitor only adds something to the cart.
    await funnelStep(DESKTOP, '2026-03-10T08:07:00Z', { type: 'add_to_cart', productId: product.id, quantity: 1 });
    await funnelStep(GOOGLEBOT, '2026-03-10T08:07:30Z', { type: 'checkout_started' });

    at('2026-03-10T08:10:00Z');
    await settled();
  });
  afterAll(async () => {
    await shop.close();
  });

  it('answers the spec’s traffic shape with exactly the views, visitors, pages, sources, devices and days reported', async () => {
    const traffic = await get<TrafficAnalyticsView>('/api/analytics/traffic?days=7');
    expect(traffic).toEqual({
      totalPageViews: 11,
      // Per day: 2 on the 8th, 1 on the 9th, 2 on the 10th; a hash lives one day, so the desktop of the 8th and of the 9th are two.
      uniqueVisitors: 5,
      topPages: [
        { path: '/', views: 4 },
        { path: '/products/1', views: 3 },
        { path: '/products/2', views: 2 },
        { path: '/faq', views: 1 },
        { path: '/products', views: 1 },
      ],
      trafficSources: [
        { source: 'Direct', views: 4 },
        { source: 'newsletter', views: 3 },
        { source: 'google.com', views: 2 },
        { source: 'news.example.org', views: 2 },
      ],
      deviceTypes: [
        { type: 'desktop', views: 7 },
        { type: 'mobile', views: 4 },
      ],
      dailyViews: [
        { date: '2026-03-04', views: 0, visitors: 0 },
        { date: '2026-03-05', views: 0, visitors: 0 },
        { date: '2026-03-06', views: 0, visitors: 0 },
        { date: '2026-03-07', views: 0, visitors: 0 },
        { date: '2026-03-08', views: 5, visitors: 2 },
        { date: '2026-03-09', views: 3, visitors: 1 },
        { date: '2026-03-10', views: 3, visitors: 2 },
      ],
    });
  });

  it('defaults to 30 days, and answers 400 for any other period than 7, 30 or 90', async () => {
    const traffic = await get<TrafficAnalyticsView>('/api/analytics/traffic');
    expect(traffic.dailyViews).toHaveLength(30);
    expect(traffic.totalPageViews).toBe(11);
    expect((await get<TrafficAnalyticsView>('/api/analytics/traffic?days=90')).dailyViews).toHaveLength(90);
    for (const path of ['/api/analytics/traffic?days=14', '/api/analytics/traffic?days=7.0', '/api/analytics/traffic?days=', '/api/analytics/funnel?days=14', '/api/analytics/traffic/export?days=14', '/api/analytics/traffic/export?days=7&format=xml']) {
      const response = await admin.get(path).expect(400);
      expect(response.body.message).toEqual(expect.any(String));
    }
    expect((await admin.get('/api/analytics/traffic?days=14')).body.message).toBe('days must be one of 7, 30, 90');
  });

  it('counts a period from the analytics clock’s day: the 8th has left a 7-day period ending on the 15th', async () => {
    at('2026-03-15T12:00:00Z');
    const traffic = await get<TrafficAnalyticsView>('/api/analytics/traffic?days=7');
    at('2026-03-10T08:10:00Z');
    expect(traffic.dailyViews[0].date).toBe('2026-03-09');
    expect([traffic.totalPageViews, traffic.uniqueVisitors]).toEqual([6, 3]);
  });

  it('exports the daily rows per path, source and device as CSV and JSON, for spreadsheets and BI tools', async () => {
    const csv = await admin.get('/api/analytics/traffic/export?days=7&format=csv').expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="traffic-7-days-to-2026-03-10.csv"');
    expect(csv.text).toBe(
      [
        'date,path,source,device,views,visitors',
        '2026-03-08,/,Direct,desktop,1,1',
        '2026-03-08,/,google.com,mobile,1,1',
        '2026-03-08,/products,Direct,desktop,1,1',
        '2026-03-08,/products/1,Direct,desktop,1,1',
        '2026-03-08,/products/1,google.com,mobile,1,1',
        '2026-03-09,/products/2,newsletter,desktop,2,1',
        '2026-03-09,/,newsletter,desktop,1,1',
        '2026-03-10,/,Direct,desktop,1,1',
        '2026-03-10,/faq,news.example.org,mobile,1,1',
        '2026-03-10,/products/1,news.example.org,mobile,1,1',
        '',
      ].join('\r\n'),
    );
    const json = await admin.get('/api/analytics/traffic/export?days=7&format=json').expect(200);
    expect(json.headers['content-disposition']).toBe('attachment; filename="traffic-7-days-to-2026-03-10.json"');
    const rows = json.body as TrafficExportRow[];
    expect(rows).toHaveLength(10);
    expect(rows[5]).toEqual({ date: '2026-03-09', path: '/products/2', source: 'newsletter', device: 'desktop', views: 2, visitors: 1 });
    expect(rows.reduce((total, row) => total + row.views, 0)).toBe(11);
    expect((await admin.get('/api/analytics/traffic/export?days=7').expect(200)).text).toBe(csv.text);
  });

  it('follows the funnel from product views to paid orders per entry source, with the revenue of the attributed order', async () => {
    const funnel = await get<FunnelView>('/api/analytics/funnel?days=7');
    expect(funnel.totals).toEqual({ productViews: 4, addedToCart: 2, checkoutStarted: 1, ordersPlaced: 1, ordersPaid: 1, revenue: order.totalAmount, conversionRate: 25 });
    expect(funnel.steps).toEqual([
      { step: 'product_view', count: 4, fromPrevious: null, fromStart: 100 },
      { step: 'add_to_cart', count: 2, fromPrevious: 50, fromStart: 50 },
      { step: 'checkout_started', count: 1, fromPrevious: 50, fromStart: 25 },
      { step: 'order_placed', count: 1, fromPrevious: 100, fromStart: 25 },
      { step: 'paid', count: 1, fromPrevious: 100, fromStart: 25 },
    ]);
    const none = { addedToCart: 0, checkoutStarted: 0, ordersPlaced: 0, ordersPaid: 0, revenue: '0.00' };
    expect(funnel.bySource).toEqual([
      { source: 'news.example.org', productViews: 1, addedToCart: 1, checkoutStarted: 1, ordersPlaced: 1, ordersPaid: 1, revenue: order.totalAmount, conversionRate: 100 },
      { source: 'Direct', productViews: 1, ...none, addedToCart: 1, conversionRate: 0 },
      { source: 'google.com', productViews: 1, ...none, conversionRate: 0 },
      { source: 'newsletter', productViews: 1, ...none, conversionRate: 0 },
    ]);
    expect(funnel.daily.map(({ date, productViews, ordersPaid, revenue }) => [date, productViews, ordersPaid, revenue]).slice(4)).toEqual([
      ['2026-03-08', 2, 0, '0.00'],
      ['2026-03-09', 1, 0, '0.00'],
      ['2026-03-10', 1, 1, order.totalAmount],
    ]);
  });

  it('answers an order_placed step the same whether or not the order exists, and records only an order that was placed', async () => {
    const reported = async (orderId: number) => (await shop.app.get<EventStore>(EVENT_STORE).readStream(trafficStream('2026-03-10'))).filter((event) => event.type === 'OrderPlacedInVisit' && (event.data as { orderId: number }).orderId === orderId).length;
    const before = await reported(order.id);
    const unknown = await report(IPHONE, '2026-03-10T08:09:00Z', '/api/analytics/event', { type: 'order_placed', orderId: 999_999 });
    const known = await report(IPHONE, '2026-03-10T08:09:00Z', '/api/analytics/event', { type: 'order_placed', orderId: order.id });
    at('2026-03-10T08:10:00Z');
    await settled();
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 202, body: {} });
    expect({ status: known.status, body: known.body }).toEqual({ status: unknown.status, body: unknown.body });
    expect(await reported(999_999)).toBe(0);
    expect(await reported(order.id)).toBe(before + 1);
    // A second report of an order changes nothing in the funnel (the first visit that reported it keeps it).
    expect((await get<FunnelView>('/api/analytics/funnel?days=7')).totals).toMatchObject({ ordersPlaced: 1, ordersPaid: 1 });
  });

  it('shows the visitors and views of the last 5 minutes', async () => {
    at('2026-03-10T08:05:30Z');
    const realtime = await get<RealtimeView>('/api/analytics/realtime');
    at('2026-03-10T08:30:00Z');
    const later = await get<RealtimeView>('/api/analytics/realtime');
    at('2026-03-10T08:10:00Z');
    expect(realtime).toEqual({ visitors: 2, pageViews: 3, since: '2026-03-10T08:00:00.000Z', topPages: [{ path: '/', views: 1 }, { path: '/faq', views: 1 }, { path: '/products/1', views: 1 }] });
    expect(later).toMatchObject({ visitors: 0, pageViews: 0, topPages: [] });
  });

  /** Everything the log and the read models hold, as text: read from the files or the database themselves, not through the app. */
  const storedTexts = async (): Promise<string[]> => {
    const postgres = shop.app.get<AppConfig>(APP_CONFIG).postgres;
    if (postgres) {
      const client = new Client({ connectionString: postgres.url });
      await client.connect();
      try {
        const tables = (await client.query<{ name: string }>("SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables WHERE table_schema = 'read_models' AND table_name LIKE 'c\\_%'")).rows.map((row) => row.name);
        expect(tables.length).toBeGreaterThan(5);
        const readModels = await Promise.all(tables.map(async (table) => (await client.query<{ text: string }>(`SELECT body::text AS text FROM ${table}`)).rows.map((row) => row.text).join('\n')));
        const log = (await client.query<{ text: string }>('SELECT data::text || metadata::text AS text FROM shop_events')).rows.map((row) => row.text).join('\n');
        return [log, readModels.join('\n')];
      } finally {
        await client.end();
      }
    }
    return ['events.sqlite', 'read-models.sqlite'].map((file) => {
      const db = new Database(join(shop.dataDir, file), { readonly: true, fileMustExist: true });
      // Every collection's table (c_<name>, its documents' JSON in body); the search indexes hold only trigrams of what those have.
      const collections = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'c\\_%' ESCAPE '\\' AND name NOT LIKE '%\\_\\_search%' ESCAPE '\\'").all() as { name: string }[]).map((row) => row.name);
      const queries = file === 'events.sqlite' ? ['SELECT data || metadata AS text FROM events'] : collections.map((name) => `SELECT json(body) AS text FROM "${name}"`);
      if (file === 'read-models.sqlite') expect(collections.length).toBeGreaterThan(5);
      const text = queries.flatMap((query) => (db.prepare(query).all() as { text: string }[]).map((row) => row.text)).join('\n');
      db.close();
      return text;
    });
  };

  it('keeps no IP address and no User-Agent, in the log or in any read model', async () => {
    const events = await shop.app.get<EventStore>(EVENT_STORE).readAll(null, 100_000);
    const traffic = events.filter((event) => event.streamId.startsWith('traffic-'));
    // The order is reported twice: in the funnel, and again beside a never-placed one (which is not recorded).
    expect(traffic.map((event) => event.type).sort()).toEqual([...Array(11).fill('PageViewed'), 'CheckoutStarted', 'OrderPlacedInVisit', 'OrderPlacedInVisit', 'ProductAddedToCart', 'ProductAddedToCart'].sort());
    for (const { metadata, data } of traffic as RecordedEvent<{ visitor: string }>[]) {
      expect(metadata.actorId).toBeNull();
      expect(Object.keys(data)).toEqual(expect.arrayContaining(['at', 'day', 'visitor']));
      expect(data.visitor).toMatch(/^[0-9a-f]{16}$/);
    }
    const viewed = traffic.filter((event): event is RecordedEvent<Record<string, string>> => event.type === 'PageViewed');
    expect(Object.keys(viewed[0].data).sort()).toEqual(['at', 'day', 'device', 'path', 'source', 'visitor']);

    for (const stored of await storedTexts()) {
      // What was counted is there (the scan reads the real content)…
      expect(stored).toContain('news.example.org');
      // …and who sent it is not.
      for (const secret of [CLIENT_IP, DESKTOP, IPHONE, GOOGLEBOT, 'Googlebot', 'iPhone OS 17_2', 'Windows NT 10.0']) expect(stored).not.toContain(secret);
    }
  });

  it('counts the same person once a day and on two days as two visitors: nothing links the hashes of two days', async () => {
    const events = await shop.app.get<EventStore>(EVENT_STORE).readAll(null, 100_000);
    const desktopViews = events.filter((event) => event.type === 'PageViewed' && (event.data as { device: string }).device === 'desktop').map((event) => event.data as { day: string; visitor: string });
    const visitorsPerDay = new Map<string, Set<string>>();
    for (const { day, visitor } of desktopViews) visitorsPerDay.set(day, (visitorsPerDay.get(day) ?? new Set()).add(visitor));
    expect([...visitorsPerDay].map(([day, visitors]) => [day, visitors.size])).toEqual([['2026-03-08', 1], ['2026-03-09', 1], ['2026-03-10', 1]]);
    expect(new Set([...visitorsPerDay.values()].flatMap((visitors) => [...visitors])).size).toBe(3);
  });

  it('keeps a day’s salt in the credential store only until the day is over', async () => {
    const salts = shop.app.get<CredentialStore>(CREDENTIAL_STORE).collection(VISITOR_SALTS_COLLECTION);
    const stored = await salts.find({}, { sort: { _id: 1 } });
    expect(stored.map((salt) => salt._id)).toEqual(['2026-03-08', '2026-03-09', '2026-03-10']);
    expect(stored.every((salt) => Object.keys(salt).sort().join() === '_id,salt' && /^[0-9a-f]{64}$/.test(salt.salt as string))).toBe(true);
    expect(await shop.app.get(VisitorSalts).sweep('2026-03-10')).toBe(2);
    expect((await salts.find({})).map((salt) => salt._id)).toEqual(['2026-03-10']);
  });

  it('lets only administrators read analytics: 401 for guests, 403 for customers', async () => {
    const customer = shop.agent();
    await signUp(customer);
    for (const path of ['/api/analytics/traffic?days=7', '/api/analytics/traffic/export?days=7&format=csv', '/api/analytics/funnel?days=7', '/api/analytics/realtime']) {
      expect((await shop.agent().get(path).expect(401)).body.message).toEqual(expect.any(String));
      expect((await customer.get(path).expect(403)).body.message).toEqual(expect.any(String));
    }
  });
});

describe('Traffic analytics: reports are rate-limited per client', () => {
  let shop: TestApp;

  beforeAll(async () => {
    shop = await startTestApp({ env: { ANALYTICS_RATE_LIMIT: '3' } });
    jest.spyOn(shop.app.get<AnalyticsClock>(ANALYTICS_CLOCK), 'now').mockImplementation(() => Date.parse('2026-03-10T12:00:00Z'));
  });
  afterAll(async () => {
    await shop.close();
  });

  it('answers 429 with a message past ANALYTICS_RATE_LIMIT reports a minute, page views and funnel steps together', async () => {
    const client = request(shop.app.getHttpServer());
    await client.post('/api/analytics/pageview').set('User-Agent', DESKTOP).send({ path: '/' }).expect(202);
    await client.post('/api/analytics/pageview').set('User-Agent', DESKTOP).send({ path: '/faq' }).expect(202);
    await client.post('/api/analytics/event').set('User-Agent', DESKTOP).send({ type: 'checkout_started' }).expect(202);
    const refused = await client.post('/api/analytics/pageview').set('User-Agent', DESKTOP).send({ path: '/shipping' }).expect(429);
    expect(refused.body).toEqual({ message: expect.stringMatching(/Too many/) });
    await client.post('/api/analytics/event').set('User-Agent', DESKTOP).send({ type: 'checkout_started' }).expect(429);
  });
});
