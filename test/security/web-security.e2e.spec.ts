import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { BUILT_SERVER } from '../support/server-process';
import { DESKTOP, MOBILE, Shop, startShop, unexpectedErrors } from '../browser/browser-support';
import { signInAsAdmin, signUp, startTestApp, TestApp } from '../support/test-app';

/** The shop as the browser addresses it; supertest picks a new port per request, so Host is pinned. */
const SHOP_HOST = 'shop.test';
const SHOP_ORIGIN = `http://${SHOP_HOST}`;
const FOREIGN_ORIGIN = 'https://evil.example';
const PRODUCTION_ENV = { NODE_ENV: 'production', ADMIN_EMAIL: 'owner@shop.test', ADMIN_PASSWORD: 'owner-password-1', SESSION_SECRET: 'a-long-random-session-secret-for-tests-only', PUBLIC_URL: 'https://shop.test', BUSINESS_ABN: '51 824 753 556' };

/** Runs before the page's own scripts (this test's tsconfig has no DOM types, hence a string). */
const RECORD_VIOLATIONS = `window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (event) => window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));`;

const directives = (policy: string) =>
  new Map(policy.split(';').map((directive) => directive.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

describe('Web security', () => {
  describe('security headers', () => {
    let shop: TestApp;
    beforeAll(async () => {
      shop = await startTestApp();
    });
    afterAll(async () => {
      await shop.close();
    });

    it('sends a Content-Security-Policy with the SPA page and every API answer: own scripts only, no plugins, never framed', async () => {
      for (const path of ['/', '/products/1', '/api/products']) {
        const policy = directives((await shop.agent().get(path).expect(200)).headers['content-security-policy']);
        expect(policy.get('default-src')).toEqual(["'self'"]);
        expect(policy.get('script-src')).toEqual(["'self'"]);
        expect(policy.get('object-src')).toEqual(["'none'"]);
        expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
        expect(policy.get('base-uri')).toEqual(["'self'"]);
        expect(policy.get('form-action')).toEqual(["'self'"]);
      }
    });

    it('forbids MIME sniffing on pages, API answers and error answers', async () => {
      for (const path of ['/', '/api/products', '/api/nope']) {
        expect((await shop.agent().get(path)).headers['x-content-type-options']).toBe('nosniff');
      }
    });

    it('sends no HSTS outside production, where the shop may run on plain http', async () => {
      expect((await shop.agent().get('/').expect(200)).headers['strict-transport-security']).toBeUndefined();
    });

    it('sends HSTS for at least 180 days, subdomains included, in production', async () => {
      const production = await startTestApp({ env: PRODUCTION_ENV });
      try {
        for (const path of ['/', '/api/products']) {
          const hsts = (await production.agent().get(path).expect(200)).headers['strict-transport-security'] as string;
          expect(hsts).toMatch(/includeSubDomains/);
          expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);
        }
      } finally {
        await production.close();
      }
    });
  });

  describe('production defaults', () => {
    it('refuses a production start without the admin, the session secret and the public address, saying which, without a stack trace', () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'shop-production-'));
      try {
        const run = spawnSync(process.execPath, [BUILT_SERVER], { env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0' }, encoding: 'utf8', timeout: 30_000 });
        expect(run.status).toBe(1);
        expect(run.stderr).toMatch(/^The shop did not start: NODE_ENV=production needs ADMIN_EMAIL, ADMIN_PASSWORD, SESSION_SECRET, PUBLIC_URL: /m);
        expect(run.stderr).not.toMatch(/^\s+at /m);
        // Nothing was created: not the demo admin, not a database.
        expect(run.stdout).not.toMatch(/Demo administrator/);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });

  describe('the storefront under its Content-Security-Policy', () => {
    let shop: Shop;
    beforeAll(async () => {
      shop = await startShop();
    }, 90_000);
    afterAll(async () => {
      await shop?.close();
    });

    it.each([
      ['home page', '/', DESKTOP],
      ['product list', '/products', MOBILE],
      ['product page', '/products/1', DESKTOP],
    ])('renders the %s without a single policy violation', async (_name, path, viewport) => {
      const { page, consoleErrors } = await shop.newPage(viewport);
      await page.addInitScript({ content: RECORD_VIOLATIONS });
      const response = await page.goto(path, { waitUntil: 'networkidle', timeout: 30_000 });
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      await page.getByRole('contentinfo').waitFor({ timeout: 15_000 });
      expect(await page.locator('#root > *').count()).toBeGreaterThan(0);
      expect(await page.evaluate('window.cspViolations')).toEqual([]);
      expect(unexpectedErrors(consoleErrors).filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
    }, 60_000);
  });

  describe('cross-site request forgery', () => {
    let shop: TestApp;
    let adminCookie: string;
    let customerCookie: string;
    let productId: number;

    const asAdmin = (method: 'post' | 'put' | 'delete', path: string) =>
      request(shop.app.getHttpServer())[method](path).set('Host', SHOP_HOST).set('Cookie', adminCookie);
    const product = async () => (await shop.agent().get(`/api/admin/products?isActive=all`).set('Cookie', adminCookie).expect(200)).body.find((p: { id: number }) => p.id === productId);

    beforeAll(async () => {
      shop = await startTestApp();
      const admin = shop.agent();
      await signInAsAdmin(admin);
      adminCookie = String(admin.jar.getCookie('sid', { domain: '127.0.0.1', path: '/', secure: false, script: false })?.toValueString());
      const customer = shop.agent();
      await signUp(customer);
      customerCookie = String(customer.jar.getCookie('sid', { domain: '127.0.0.1', path: '/', secure: false, script: false })?.toValueString());
      productId = (await admin.post('/api/admin/products').send({ name: 'Forgery Target', sku: 'CSRF-1', price: '30', stock: 5 }).expect(201)).body.id;
    });
    afterAll(async () => {
      await shop.close();
    });

    const forged = [
      ['a foreign Origin', { Origin: FOREIGN_ORIGIN }],
      ['a foreign Referer and no Origin', { Referer: `${FOREIGN_ORIGIN}/cheap-peptides.html` }],
      ['the opaque Origin of a sandboxed frame', { Origin: 'null' }],
      ['an Origin that only starts like the shop', { Origin: `${SHOP_ORIGIN}.evil.example` }],
      ['a foreign Origin even with a Referer from the shop', { Origin: FOREIGN_ORIGIN, Referer: `${SHOP_ORIGIN}/admin` }],
    ] as const;

    it.each(forged)('refuses a cookie-authenticated POST, PUT and DELETE with %s (403), changing nothing', async (_name, headers) => {
      const before = await product();
      const created = await asAdmin('post', '/api/admin/products').set(headers).send({ name: 'Forged Product', sku: 'CSRF-FORGED', price: '1', stock: 1 }).expect(403);
      const revised = await asAdmin('put', `/api/admin/products/${productId}`).set(headers).send({ name: 'Hijacked', sku: 'CSRF-1', price: '0.01', stock: 5 }).expect(403);
      const deleted = await asAdmin('delete', `/api/admin/products/${productId}`).set(headers).expect(403);
      for (const response of [created, revised, deleted]) expect(response.body).toEqual({ message: 'Cross-site requests are not allowed' });
      expect(await product()).toEqual(before);
      const all = (await shop.agent().get('/api/admin/products?isActive=all').set('Cookie', adminCookie).expect(200)).body as { name: string }[];
      expect(all.map((p) => p.name)).not.toContain('Forged Product');
    });

    it('refuses a forged review written with a shopper’s session', async () => {
      await request(shop.app.getHttpServer())
        .post(`/api/products/${productId}/reviews`)
        .set({ Host: SHOP_HOST, Cookie: customerCookie, Referer: `${FOREIGN_ORIGIN}/` })
        .send({ rating: 1, title: 'Forged', content: 'Written by another site.' })
        .expect(403);
      expect((await shop.agent().get(`/api/products/${productId}/reviews`).expect(200)).body).toEqual([]);
    });

    it('accepts the same calls from the shop’s own pages, by Origin or by Referer', async () => {
      await asAdmin('put', `/api/admin/products/${productId}`).set('Origin', SHOP_ORIGIN).send({ name: 'Forgery Target v2', sku: 'CSRF-1', price: '30', stock: 5 }).expect(200);
      await asAdmin('put', `/api/admin/products/${productId}`).set('Referer', `${SHOP_ORIGIN}/admin`).send({ name: 'Forgery Target v3', sku: 'CSRF-1', price: '30', stock: 5 }).expect(200);
      expect((await product()).name).toBe('Forgery Target v3');
    });

    it.each([
      ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
      ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'Sec-Fetch-Site': 'same-site' }],
      ['a foreign Referer and no Sec-Fetch-Site', { Referer: `${FOREIGN_ORIGIN}/` }],
    ] as const)('refuses the GET /api/logout link from another site (%s): the shopper stays signed in', async (_name, headers) => {
      const refused = await request(shop.app.getHttpServer()).get('/api/logout').set({ Host: SHOP_HOST, Cookie: customerCookie, ...headers }).expect(403);
      expect(refused.body.message).toMatch(/another site/);
      await request(shop.app.getHttpServer()).get('/api/auth/user').set({ Host: SHOP_HOST, Cookie: customerCookie }).expect(200);
    });

    it('signs out from the shop’s own link and from the address bar', async () => {
      for (const headers of [{ 'Sec-Fetch-Site': 'same-origin' }, { 'Sec-Fetch-Site': 'none' }, { Referer: `${SHOP_ORIGIN}/dashboard` }]) {
        const shopper = shop.agent();
        await signUp(shopper);
        const cookie = String(shopper.jar.getCookie('sid', { domain: '127.0.0.1', path: '/', secure: false, script: false })?.toValueString());
        await request(shop.app.getHttpServer()).get('/api/logout').set({ Host: SHOP_HOST, Cookie: cookie, ...headers }).expect(302);
        await request(shop.app.getHttpServer()).get('/api/auth/user').set({ Host: SHOP_HOST, Cookie: cookie }).expect(401);
      }
    });

    it('lets reads through from anywhere: a GET changes nothing', async () => {
      await request(shop.app.getHttpServer()).get('/api/products').set({ Host: SHOP_HOST, Origin: FOREIGN_ORIGIN }).expect(200);
    });
  });

  describe('rate limits', () => {
    let shop: TestApp;
    beforeEach(async () => {
      shop = await startTestApp();
    });
    afterEach(async () => {
      await shop.close();
    });

    it('answers the 21st sign-up from one address within 15 minutes with 429 and a message, creating no account', async () => {
      for (let i = 0; i < 20; i += 1) await signUp(shop.agent(), { email: `signup-${i}@example.com` });
      const refused = await shop.agent().post('/api/auth/signup').send({ fullName: 'One Too Many', email: 'signup-20@example.com', password: 'secret-123' }).expect(429);
      expect(refused.body).toEqual({ message: 'Too many sign-ups from this address. Please try again in 15 minutes.' });
      await shop.agent().post('/api/auth/login').send({ email: 'signup-20@example.com', password: 'secret-123' }).expect(401);
    });

    it('answers the 51st login attempt from one address within 15 minutes with 429, even with the right password and a forged X-Forwarded-For', async () => {
      const { email, password } = await signUp(shop.agent());
      // Without TRUST_PROXY no X-Forwarded-For is believed: a new one per attempt is still the same client.
      for (let i = 0; i < 50; i += 1) {
        await shop.agent().post('/api/auth/login').set('X-Forwarded-For', `203.0.113.${i}`).send({ email: `guess-${i}@example.com`, password: 'wrong-password' }).expect(401);
      }
      const refused = await shop.agent().post('/api/auth/login').set('X-Forwarded-For', '198.51.100.7').send({ email, password }).expect(429);
      expect(refused.body.message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes?\.$/);
    }, 60_000);

    it('answers the 21st review by one shopper within an hour with 429 and a message, recording no review', async () => {
      const customer = shop.agent();
      await signUp(customer);
      const products = (await shop.agent().get('/api/products').expect(200)).body as { id: number }[];
      expect(products.length).toBeGreaterThanOrEqual(21);
      const review = { rating: 5, title: 'Consistent', content: 'Consistent purity across batches.' };
      for (const { id } of products.slice(0, 20)) await customer.post(`/api/products/${id}/reviews`).send(review).expect(201);
      const refused = await customer.post(`/api/products/${products[20].id}/reviews`).send(review).expect(429);
      expect(refused.body.message).toMatch(/^Too many reviews\. Please try again in \d+ minutes?\.$/);
      expect((await shop.agent().get(`/api/products/${products[20].id}/reviews`).expect(200)).body).toEqual([]);
    }, 60_000);
  });
});
