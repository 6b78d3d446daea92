import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { EVENT_STORE, EventStore } from '../../backend/src/storage/event-store/event-store.port';
import { signInAsAdmin, signUp, startTestApp, TestApp } from '../support/test-app';

describe('Platform', () => {
  describe('HTTP conventions', () => {
    let shop: TestApp;
    beforeAll(async () => {
      shop = await startTestApp();
    });
    afterAll(async () => {
      await shop.close();
    });

    it('answers malformed JSON with 400 and a message, never 500', async () => {
      for (const path of ['/api/auth/signup', '/api/auth/login', '/api/admin/products']) {
        const response = await shop.agent().post(path).set('Content-Type', 'application/json').send('{"email": ').expect(400);
        expect(response.body).toEqual({ message: 'The request body is not valid JSON' });
      }
    });

    it('answers a body over the limit with 413 and a message', async () => {
      const response = await shop.agent().post('/api/auth/login').set('Content-Type', 'application/json').send(JSON.stringify({ email: 'x'.repeat(2_000_000) })).expect(413);
      expect(response.body.message).toMatch(/too large/);
    });

    it('answers unknown API paths with 404 and a message', async () => {
      expect((await shop.agent().get('/api/nope').expect(404)).body.message).toEqual(expect.any(String));
    });

    it('serves the storefront for / and for paths the SPA routes, each with its own head', async () => {
      const home = await shop.agent().get('/').expect(200);
      expect(home.headers['content-type']).toMatch(/text\/html/);
      expect(home.text).toContain('<div id="root">');
      for (const path of ['/products/12', '/faq', '/no/such/page']) {
        const page = await shop.agent().get(path);
        expect(page.headers['content-type']).toMatch(/text\/html/);
        expect(page.text).toContain('<div id="root">');
        // The app's one module script, whatever the page (server-rendered or not).
        expect(page.text.match(/<script type="module"[^>]*src="\/assets\/index-[^"]+\.js"/g)).toHaveLength(1);
      }
    });

    it('compresses answers for clients that accept it, and serves robots.txt as text', async () => {
      const list = await shop.agent().get('/api/products').set('Accept-Encoding', 'gzip').expect(200);
      expect(list.headers['content-encoding']).toBe('gzip');
      expect(Array.isArray(list.body)).toBe(true);
      const robots = await shop.agent().get('/robots.txt').expect(200);
      expect(robots.headers['content-type']).toMatch(/text\/plain/);
      expect(robots.text).toMatch(/^Disallow: \/api$/m);
    });

    it('sends security headers', async () => {
      const response = await shop.agent().get('/api/products').expect(200);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-powered-by']).toBeUndefined();
    });

    it('refuses a state-changing request from another origin', async () => {
      const response = await shop.agent().post('/api/auth/login').set('Origin', 'https://evil.example').send({ email: 'a@b.co', password: 'x' }).expect(403);
      expect(response.body.message).toMatch(/Cross-site/);
    });
  });

  describe('restart', () => {
    it('keeps products, users and sessions, and resumes projections from their checkpoints', async () => {
      const first = await startTestApp();
      const browser = first.agent();
      const { email } = await signUp(browser);
      const admin = first.agent();
      await signInAsAdmin(admin);
      const product = (await admin.post('/api/admin/products').send({ name: 'Restart Peptide', sku: 'RST-1', price: '10', stock: 4 }).expect(201)).body;
      const sessionCookie = String(browser.jar.getCookie('sid', { domain: '127.0.0.1', path: '/', secure: false, script: false })?.toValueString());
      const head = await first.app.get<EventStore>(EVENT_STORE).headPosition();
      await first.stop();

      const second = await startTestApp({ dataDir: first.dataDir });
      try {
        const runner = second.app.get(ProjectionRunner);
        expect(runner.appliedSinceStart()).toBe(0);
        expect(Object.values(runner.checkpoints())).toEqual(Object.values(runner.checkpoints()).map(() => head));
        expect((await second.agent().get(`/api/products/${product.id}`).expect(200)).body.name).toBe('Restart Peptide');
        const me = await second.agent().get('/api/auth/user').set('Cookie', sessionCookie).expect(200);
        expect(me.body.email).toBe(email);
        expect((await second.agent().get('/api/products').expect(200)).body.length).toBeGreaterThanOrEqual(25);
      } finally {
        await second.close();
      }
    });
  });
});
