import { EVENT_STORE, EventStore } from '../../backend/src/storage/event-store/event-store.port';
import { DISK_SHORT_MESSAGE } from '../../backend/src/operations/disk-space';
import { registeredRoutes } from '../support/routes';
import { signInAsAdmin, signUp, startTestApp, TestApp } from '../support/test-app';

describe('Operability', () => {
  describe('health, readiness and metrics readable from this machine', () => {
    let shop: TestApp;
    beforeAll(async () => {
      shop = await startTestApp();
    });
    afterAll(async () => {
      await shop.close();
    });

    it('answers liveness without touching a store, and readiness to anyone with its status alone', async () => {
      expect((await shop.agent().get('/api/health').expect(200)).body).toEqual({ status: 'ok' });
      for (const path of ['/api/ready', '/api/health/ready']) {
        const ready = await shop.agent().get(path).expect(200);
        expect(ready.body).toEqual({ status: 'ready' });
        expect(ready.headers['cache-control']).toBe('no-store');
      }
      // A customer's session is no operator's.
      const customer = shop.agent();
      await signUp(customer);
      expect((await customer.get('/api/ready').expect(200)).body).toEqual({ status: 'ready' });
    });

    it('gives an administrator readiness with the stores, positions, lag, disk, leases and parked events', async () => {
      const admin = shop.agent();
      await signInAsAdmin(admin);
      const ready = (await admin.get('/api/ready').expect(200)).body;
      expect(ready).toMatchObject({ status: 'ready', stores: { eventStore: 'ok', readStore: 'ok', credentialStore: 'ok' }, disk: { status: 'ok' }, leases: expect.any(Array), parkedEvents: [] });
      expect(ready.head).toBeGreaterThan(0);
      expect(ready.lag.catalogue).toBe(0);
      expect(ready.projectors.catalogue).toBe(ready.head);
      expect(ready.instance).toEqual(expect.any(String));
    });

    it('refuses metrics to a request that came through a proxy, naming METRICS_TOKEN, though its socket is this machine', async () => {
      for (const [header, value] of [['X-Forwarded-For', '203.0.113.7'], ['Forwarded', 'for=203.0.113.7'], ['X-Real-IP', '203.0.113.7']]) {
        const refused = await shop.agent().get('/metrics').set(header, value).expect(403);
        expect(refused.body).toEqual({ message: expect.stringMatching(/proxy.*METRICS_TOKEN/) });
      }
    });

    it('serves Prometheus metrics: latency per route pattern, append latency, projector position and lag', async () => {
      await shop.agent().get('/api/products/1').expect(200);
      await shop.agent().post('/api/auth/signup').send({ fullName: 'Metric Reader', email: `metrics-${Date.now()}@example.com`, password: 'secret-123' }).expect(201);
      const scrape = await shop.agent().get('/metrics').expect(200);
      expect(scrape.headers['content-type']).toMatch(/^text\/plain;.*version=0\.0\.4/);
      const text = scrape.text;
      // The route pattern, never the id: series stay few whatever is requested.
      expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/products\/:id",status="2xx"\} [1-9]/);
      expect(text).not.toMatch(/route="\/api\/products\/1"/);
      expect(text).toMatch(/event_append_duration_seconds_count\{outcome="appended"\} [1-9]/);
      expect(text).toMatch(/projector_position\{projector="catalogue"\} [1-9]/);
      expect(text).toMatch(/projector_lag_events\{projector="users"\} \d/);
      expect(text).toMatch(/projector_parked_events 0/);
      expect(text).toMatch(/nodejs_eventloop_lag_seconds/);
    });
  });

  describe('the API reference', () => {
    let shop: TestApp;
    beforeAll(async () => {
      shop = await startTestApp();
    });
    afterAll(async () => {
      await shop.close();
    });

    it('documents every route the app serves in OpenAPI 3.1, with the zod schemas the server parses', async () => {
      const document = (await shop.agent().get('/api/openapi.json').expect(200)).body;
      expect(document.openapi).toBe('3.1.0');
      const documented = new Set(Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`)));
      const served = registeredRoutes(shop.app);
      expect(served.length).toBeGreaterThan(50);
      expect(served.filter((route) => !documented.has(route))).toEqual([]);
      const signup = document.paths['/api/auth/signup'].post;
      expect(signup.requestBody.content['application/json'].schema).toMatchObject({ type: 'object', properties: { email: expect.any(Object), password: expect.any(Object) } });
      expect(document.paths['/api/admin/products'].post['x-access']).toBe('catalogue:write: owner, manager');
      expect(document.paths['/api/admin/audit'].get['x-access']).toBe('audit:read: owner, auditor');
      const products = document.paths['/api/products'].get.parameters.map((parameter: { name: string }) => parameter.name);
      expect(products).toEqual(expect.arrayContaining(['search', 'categoryId', 'sortBy', 'limit', 'offset']));
      expect(document.paths['/api/products/{id}'].get.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
      expect(document.paths['/api/analytics/pageview'].post['x-access']).toBe('everyone, no session');
      // A paged list says that its array is one page and where the total is.
      const adminOrders = document.paths['/api/admin/orders'].get;
      expect(adminOrders.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(expect.arrayContaining(['status', 'search', 'from', 'to', 'page', 'pageSize']));
      expect(Object.keys(adminOrders.responses['200'].headers)).toEqual(['X-Total-Count', 'X-Total-Count-Is-Lower-Bound', 'X-Page', 'X-Page-Size']);
      expect(document.paths['/api/customer/orders'].get.responses['200'].headers).toBeDefined();
    });

    it('serves a reference page made from it, with no script', async () => {
      const page = await shop.agent().get('/api/docs').expect(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.text).toContain('<code>/api/orders/{id}/items</code>');
      expect(page.text).not.toMatch(/<script/i);
    });
  });

  describe('correlation ids', () => {
    let shop: TestApp;
    beforeAll(async () => {
      shop = await startTestApp({ env: { LOG_FORMAT: 'json' } });
    });
    afterAll(async () => {
      await shop.close();
    });

    it('answers each request with its X-Request-Id and records it as the correlation id of the events it appends', async () => {
      const signup = await shop
        .agent()
        .post('/api/auth/signup')
        .set('X-Request-Id', 'trace-signup-0001')
        .send({ fullName: 'Traced Shopper', email: `traced-${Date.now()}@example.com`, password: 'secret-123' })
        .expect(201);
      expect(signup.headers['x-request-id']).toBe('trace-signup-0001');
      const [registered] = await shop.app.get<EventStore>(EVENT_STORE).readStream(`user-${signup.body.id}`);
      expect(registered.metadata.correlationId).toBe('trace-signup-0001');
      expect((await shop.agent().get('/api/categories').expect(200)).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('metrics behind METRICS_TOKEN', () => {
    let shop: TestApp;
    beforeAll(async () => {
      shop = await startTestApp({ env: { METRICS_TOKEN: 'scrape-me-please' } });
    });
    afterAll(async () => {
      await shop.close();
    });

    it('needs the token as a bearer token, even from this machine', async () => {
      expect((await shop.agent().get('/metrics').expect(403)).body.message).toMatch(/METRICS_TOKEN/);
      await shop.agent().get('/metrics').set('Authorization', 'Bearer scrape-me-not').expect(403);
      await shop.agent().get('/metrics').set('Authorization', 'Bearer scrape-me-please').expect(200);
      await shop.agent().get('/metrics').set('Authorization', 'Bearer scrape-me-please').set('X-Forwarded-For', '203.0.113.7').expect(200);
    });

    it('gives readiness details for the token, and the bare status for a wrong one', async () => {
      expect((await shop.agent().get('/api/ready').set('Authorization', 'Bearer scrape-me-not').expect(200)).body).toEqual({ status: 'ready' });
      const ready = (await shop.agent().get('/api/ready').set('Authorization', 'Bearer scrape-me-please').expect(200)).body;
      expect(ready).toMatchObject({ status: 'ready', stores: { eventStore: 'ok' }, parkedEvents: [] });
      expect(ready.head).toBeGreaterThan(0);
    });
  });

  describe('metrics behind a proxy (TRUST_PROXY) without METRICS_TOKEN', () => {
    let shop: TestApp;
    beforeAll(async () => {
      shop = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
    });
    afterAll(async () => {
      await shop.close();
    });

    it('refuses metrics to every request, loopback and headerless too, saying to set METRICS_TOKEN', async () => {
      const refused = await shop.agent().get('/metrics').expect(403);
      expect(refused.body).toEqual({ message: expect.stringMatching(/METRICS_TOKEN when TRUST_PROXY is set/) });
      await shop.agent().get('/metrics').set('Authorization', 'Bearer anything').expect(403);
    });

    it('still answers readiness with its status, and its details to an administrator', async () => {
      expect((await shop.agent().get('/api/ready').expect(200)).body).toEqual({ status: 'ready' });
      const admin = shop.agent();
      await signInAsAdmin(admin);
      expect((await admin.get('/api/ready').expect(200)).body).toMatchObject({ status: 'ready', parkedEvents: [] });
    });
  });

  describe('a disk short of space', () => {
    let shop: TestApp;
    beforeAll(async () => {
      // More free space asked for than any disk has: the shop sees its disk as short from the start.
      shop = await startTestApp({ env: { MIN_FREE_DISK_MB: '100000000', METRICS_TOKEN: 'disk-watcher' } });
    });
    afterAll(async () => {
      await shop.close();
    });

    it('refuses changes with 507 and a clear message, keeps serving reads, and says so in readiness and metrics', async () => {
      const refused = await shop.agent().post('/api/auth/signup').send({ fullName: 'Ada Lovelace', email: 'ada-disk@example.com', password: 'engine-1843' }).expect(507);
      expect(refused.body).toEqual({ message: DISK_SHORT_MESSAGE });
      await shop.agent().post('/api/analytics/pageview').send({ path: '/' }).expect(507);
      expect((await shop.agent().get('/api/products').expect(200)).body.length).toBeGreaterThan(0);
      expect((await shop.agent().get('/api/ready').expect(200)).body).toEqual({ status: 'degraded' });
      const ready = (await shop.agent().get('/api/ready').set('Authorization', 'Bearer disk-watcher').expect(200)).body;
      expect(ready).toMatchObject({ status: 'degraded', disk: { status: 'short', minimumFreeBytes: 100000000 * 1024 * 1024 } });
      expect(ready.disk.freeBytes).toBeGreaterThan(0);
      expect((await shop.agent().get('/metrics').set('Authorization', 'Bearer disk-watcher').expect(200)).text).toMatch(/^disk_free_bytes \d+/m);
    });
  });
});
