import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { DEMO_ADMIN } from '../../backend/src/demo/demo-data.seeder';
import { EVENT_STORE, EventStore } from '../../backend/src/storage/event-store/event-store.port';
import { registeredRoutes } from '../support/routes';
import { startTestApp, TestApp } from '../support/test-app';

type Actor = 'guest' | 'customer' | 'other' | 'admin';
const ACTORS: Actor[] = ['guest', 'customer', 'other', 'admin'];
/** 409: authorized, then refused by the business rule (a state the table's app cannot reach, e.g. a payment the chain underpaid). */
type Outcome = 'ok' | 400 | 401 | 403 | 404 | 409;
type Params = Record<string, string | number>;

interface RouteCase {
  /** Makes what the route acts on, fresh when the call would consume it. */
  params?: () => Promise<Params>;
  body?: (params: Params) => Record<string, unknown>;
  expect: Record<Actor, Outcome>;
  /** Login, sign-up and logout replace the caller's session: each call gets a fresh one. */
  changesSession?: boolean;
  /** A body that is not JSON (an upload's bytes). */
  rawBody?: () => Promise<{ contentType: string; bytes: Buffer }>;
  /** Takes no body at all, so there is no bad input to send it. */
  takesNoBody?: boolean;
  /** Every field is optional: `{}` is a valid body (the rest of the bad input is still refused). */
  emptyBodyValid?: boolean;
}

const everyone: Record<Actor, Outcome> = { guest: 'ok', customer: 'ok', other: 'ok', admin: 'ok' };
const signedIn: Record<Actor, Outcome> = { guest: 401, customer: 'ok', other: 'ok', admin: 'ok' };
const adminOnly: Record<Actor, Outcome> = { guest: 401, customer: 403, other: 403, admin: 'ok' };
const ownerOrAdmin: Record<Actor, Outcome> = { guest: 404, customer: 'ok', other: 404, admin: 'ok' };
const authorOnly: Record<Actor, Outcome> = { guest: 401, customer: 'ok', other: 403, admin: 403 };

const address = { firstName: 'Matrix', lastName: 'Tester', phone: '0412345678', address: '1 Test St', city: 'Perth', state: 'WA', postalCode: '6000' };

describe('Route table: authorization and bad input', () => {
  let shop: TestApp;
  const cookies: Partial<Record<Actor, string>> = {};
  let sequence = 0;

  const call = (method: string, path: string, cookie: string | undefined) => {
    const server = request(shop.app.getHttpServer());
    const test = (server as unknown as Record<string, (path: string) => request.Test>)[method.toLowerCase()](path);
    return cookie ? test.set('Cookie', cookie) : test;
  };

  const newCookie = async (actor: Actor): Promise<string | undefined> => {
    if (actor === 'guest') return undefined;
    const response =
      actor === 'admin'
        ? await call('POST', '/api/auth/login', undefined).send({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }).expect(200)
        : await call('POST', '/api/auth/signup', undefined).send({ fullName: `${actor} user`, email: `${actor}-${(sequence += 1)}-${Date.now()}@example.com`, password: 'secret-123' }).expect(201);
    return (response.headers['set-cookie'] as unknown as string[]).map((cookie) => cookie.split(';')[0]).join('; ');
  };

  const as = async (actor: Actor) => (actor === 'guest' ? undefined : (cookies[actor] ??= await newCookie(actor)));

  const newProduct = async () =>
    (await call('POST', '/api/admin/products', await as('admin')).send({ name: `Matrix product ${(sequence += 1)}`, sku: `MTX-${sequence}-${Date.now()}`, price: '25.00', stock: 1000 }).expect(201)).body.id as number;
  const newOrderOfCustomer = async () =>
    (await call('POST', '/api/orders', await as('customer')).send({ customerEmail: 'c@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: address, items: [{ productId: await newProduct(), quantity: 1 }] }).expect(201)).body.id as number;
  const newPaymentOfCustomer = async () =>
    (await call('POST', '/api/payments/crypto', await as('customer')).send({ orderId: await newOrderOfCustomer(), paymentMethod: 'bitcoin' }).expect(201)).body.id as number;
  const newPaidOrderOfCustomer = async () => {
    const orderId = await newOrderOfCustomer();
    const payment = (await call('POST', '/api/payments/crypto', await as('customer')).send({ orderId, paymentMethod: 'bitcoin' }).expect(201)).body.id as number;
    await call('POST', `/api/admin/payments/${payment}/confirm`, await as('admin')).send({ transactionHash: randomBytes(32).toString('hex') }).expect(200);
    return orderId;
  };
  const newPaidPaymentOfCustomer = async () => {
    const id = await newPaymentOfCustomer();
    await call('POST', `/api/admin/payments/${id}/confirm`, await as('admin')).send({ transactionHash: randomBytes(32).toString('hex') }).expect(200);
    return id;
  };
  const newReviewOfCustomer = async () =>
    (await call('POST', `/api/products/${await newProduct()}/reviews`, await as('customer')).send({ rating: 5, title: 'Good', content: 'Consistent purity across batches.' }).expect(201)).body.id as string;
  /** For routes that leave a review as it was (reading it, voting on it, hiding and showing it): one will do, as a customer may write 20 reviews an hour. */
  let sharedReview: Promise<string> | null = null;
  const aReviewOfCustomer = () => (sharedReview ??= newReviewOfCustomer());
  const newReferralCode = async () => {
    const code = `MTX${(sequence += 1)}X${Date.now()}`;
    await call('POST', '/api/admin/referral-codes', await as('admin')).send({ code, discountPercentage: 10 }).expect(201);
    return code;
  };

  /** A product each signed-in actor has saved, so each may remove it from their own favorites. */
  const newFavoriteOfEveryone = async () => {
    const productId = await newProduct();
    for (const actor of ['customer', 'other', 'admin'] as const) await call('POST', '/api/user/favorites', await as(actor)).send({ productId }).expect(201);
    return productId;
  };

  /**
   * An address in the customer's book whose id no other actor's book reaches (theirs get one address at most,
   * from the POST case): the customer's own are numbered past it first, so another's PUT or DELETE is a 404.
   */
  const newAddressOfCustomer = async () => {
    const cookie = await as('customer');
    for (;;) {
      // The book holds ten at most: what earlier cases left is cleared first (ids are never reused).
      for (const entry of (await call('GET', '/api/user/addresses', cookie).expect(200)).body as { id: number }[]) await call('DELETE', `/api/user/addresses/${entry.id}`, cookie).expect(200);
      const book = (await call('POST', '/api/user/addresses', cookie).send(address).expect(201)).body as { id: number }[];
      const newest = Math.max(...book.map((entry) => entry.id));
      if (newest >= 5) return newest;
    }
  };

  const aPng = () => sharp({ create: { width: 8, height: 6, channels: 3, background: '#0f766e' } }).png().toBuffer();
  const newUploadLink = async () => (await call('POST', '/api/objects/upload', await as('admin')).expect(200)).body.uploadURL as string;
  const newUpload = async () => {
    const uploadURL = await newUploadLink();
    await call('PUT', uploadURL, undefined).set('Content-Type', 'image/png').send(await aPng()).expect(200);
    return uploadURL;
  };

  const supportCaseBody = () => ({ subject: 'Matrix case', description: 'Something to ask the shop about.', category: 'other' });
  const newSupportCaseOfCustomer = async (attachments: string[] = []) =>
    (await call('POST', '/api/support/cases', await as('customer')).send({ ...supportCaseBody(), attachments }).expect(201)).body as { id: number; attachments: { id: string }[] };
  /** For routes that leave a case open (reading it, replying): one will do, as a customer may open 10 cases an hour. Opened with one image. */
  let sharedSupportCase: Promise<{ id: number; attachmentId: string }> | null = null;
  const aSupportCaseOfCustomer = () =>
    (sharedSupportCase ??= (async () => {
      const uploadURL = (await call('POST', '/api/objects/upload', await as('customer')).send({ purpose: 'support-attachment' }).expect(200)).body.uploadURL as string;
      await call('PUT', uploadURL, undefined).set('Content-Type', 'image/png').send(await aPng()).expect(200);
      const opened = await newSupportCaseOfCustomer([uploadURL.split('?')[0].split('/').pop()!]);
      return { id: opened.id, attachmentId: opened.attachments[0].id };
    })());
  const customerOnly: Record<Actor, Outcome> = { guest: 401, customer: 'ok', other: 404, admin: 404 };

  const productBody = () => ({ name: 'Matrix product', sku: `MTX-B-${(sequence += 1)}-${Date.now()}`, price: '30.00', stock: 5 });
  const reviewBody = () => ({ rating: 4, title: 'Solid', content: 'Arrived quickly and well packed.' });
  const orderBody = async () => ({ customerEmail: 'o@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: address, items: [{ productId: await newProduct(), quantity: 1 }] });

  const ROUTES: Record<string, RouteCase> = {
    'GET /api/products': { expect: everyone },
    'GET /api/products/on-sale': { expect: everyone },
    'GET /api/products/:id': { params: async () => ({ id: await newProduct() }), expect: everyone },
    'GET /api/categories': { expect: everyone },
    'GET /api/admin/products': { expect: adminOnly },
    'GET /api/admin/products/:id': { params: async () => ({ id: await newProduct() }), expect: adminOnly },
    'POST /api/admin/products': { body: productBody, expect: adminOnly },
    'PUT /api/admin/products/:id': { params: async () => ({ id: await newProduct() }), body: productBody, expect: adminOnly },
    'DELETE /api/admin/products/:id': { params: async () => ({ id: await newProduct() }), expect: adminOnly },
    'POST /api/admin/products/:id/stock': { params: async () => ({ id: await newProduct() }), body: () => ({ delta: 3, reason: 'Delivery' }), expect: adminOnly },
    'POST /api/admin/categories': { body: () => ({ name: `Matrix category ${(sequence += 1)}` }), expect: adminOnly },
    'PUT /api/admin/categories/:id': { params: async () => ({ id: 1 }), body: () => ({ name: `Matrix category ${(sequence += 1)}` }), expect: adminOnly },
    'GET /api/admin/categories': { expect: adminOnly },
    'DELETE /api/admin/categories/:id': {
      params: async () => ({ id: (await call('POST', '/api/admin/categories', await as('admin')).send({ name: `Matrix removal ${(sequence += 1)}` }).expect(201)).body.id as number }),
      expect: adminOnly,
    },
    'POST /api/auth/signup': { body: () => ({ fullName: 'New Person', email: `new-${(sequence += 1)}-${Date.now()}@example.com`, password: 'secret-123' }), expect: everyone, changesSession: true },
    'POST /api/auth/login': { body: () => ({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }), expect: everyone, changesSession: true },
    'GET /api/auth/user': { expect: signedIn },
    // The token is the authority, whoever follows the link: a bad one redirects to the failure page for everyone.
    'GET /api/auth/verify-email': { expect: everyone },
    // The administrator's address counts as confirmed: no link to mail.
    'POST /api/auth/verify-email/resend': { expect: { ...signedIn, admin: 409 }, takesNoBody: true },
    // Anyone may ask; the answer is the same whether or not an account uses the address.
    'POST /api/auth/password-reset': { body: () => ({ email: `reset-${(sequence += 1)}@example.com` }), expect: everyone },
    // The token is the authority: a made-up one is the same 400 for everyone.
    'POST /api/auth/password-reset/confirm': { body: () => ({ token: 'A'.repeat(43), password: 'new-secret-1' }), expect: { guest: 400, customer: 400, other: 400, admin: 400 } },
    // Signed in only; a wrong current password is the same 400 for every account.
    'POST /api/auth/password': { body: () => ({ currentPassword: 'not-the-password', newPassword: 'new-secret-1' }), expect: { guest: 401, customer: 400, other: 400, admin: 400 } },
    'GET /api/login': { expect: everyone },
    'GET /api/logout': { expect: everyone, changesSession: true },
    'GET /api/products/:id/reviews': { params: async () => ({ id: await newProduct() }), expect: everyone },
    'GET /api/products/:id/rating': { params: async () => ({ id: await newProduct() }), expect: everyone },
    'POST /api/products/:id/reviews': { params: async () => ({ id: await newProduct() }), body: reviewBody, expect: signedIn },
    'GET /api/reviews/:id': { params: async () => ({ id: await aReviewOfCustomer() }), expect: everyone },
    'PUT /api/reviews/:id': { params: async () => ({ id: await newReviewOfCustomer() }), body: reviewBody, expect: authorOnly },
    'DELETE /api/reviews/:id': { params: async () => ({ id: await newReviewOfCustomer() }), expect: authorOnly },
    'POST /api/reviews/:id/vote': { params: async () => ({ id: await aReviewOfCustomer() }), body: () => ({ isHelpful: true }), expect: { guest: 401, customer: 403, other: 'ok', admin: 'ok' } },
    'GET /api/admin/reviews': { expect: adminOnly },
    'POST /api/admin/reviews/:id/response': { params: async () => ({ id: await newReviewOfCustomer() }), body: () => ({ response: 'Thanks!' }), expect: adminOnly },
    // A quote with an unknown referral code is a 404 counted against the referral lookup's budget (test/security/referral-guessing).
    'POST /api/checkout/quote': { body: () => ({ items: [{ productId: 1, quantity: 1 }], shippingMethod: 'regular' }), expect: everyone },
    'POST /api/orders': { expect: everyone },
    'GET /api/orders/:id': { params: async () => ({ id: await newOrderOfCustomer() }), expect: ownerOrAdmin },
    'GET /api/orders/:id/items': { params: async () => ({ id: await newOrderOfCustomer() }), expect: ownerOrAdmin },
    'GET /api/customer/orders': { expect: signedIn },
    'GET /api/orders/:id/timeline': { params: async () => ({ id: await newOrderOfCustomer() }), expect: ownerOrAdmin },
    // The buyer's own cancellation of an unpaid order; a guest without the order's e-mail is told it does not exist.
    'POST /api/orders/:id/cancel': { params: async () => ({ id: await newOrderOfCustomer() }), body: () => ({ email: 'not-the-buyer@example.com' }), expect: ownerOrAdmin, emptyBodyValid: true },
    // A wrong pair is the same 404 for everyone; the right one answers anyone who knows it.
    'POST /api/orders/lookup': { params: async () => ({ orderNumber: await newOrderOfCustomer() }), body: (params) => ({ orderNumber: params.orderNumber, email: 'c@example.com' }), expect: everyone },
    'POST /api/admin/orders/:id/refunds': {
      params: async () => ({ id: await newPaidOrderOfCustomer() }),
      body: () => ({ amount: '1.00', reason: 'Matrix refund', restock: false, refundAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', txHash: randomBytes(32).toString('hex') }),
      expect: adminOnly,
    },
    'GET /api/admin/notifications/outbox': { expect: adminOnly },
    'GET /api/user/order-history': { expect: signedIn },
    'GET /api/user/recommendations': { expect: signedIn },
    'GET /api/user/favorites': { expect: signedIn },
    'POST /api/user/favorites': { params: async () => ({ productId: await newProduct() }), body: (params) => ({ productId: params.productId }), expect: signedIn },
    'DELETE /api/user/favorites/:productId': { params: async () => ({ productId: await newFavoriteOfEveryone() }), expect: signedIn },
    // Saved addresses (issue 22): each customer's own book; an id of another's book is a 404.
    'GET /api/user/addresses': { expect: signedIn },
    'POST /api/user/addresses': { body: () => ({ ...address }), expect: signedIn },
    'PUT /api/user/addresses/:id': { params: async () => ({ id: await newAddressOfCustomer() }), body: () => ({ ...address, city: 'Fremantle', postalCode: '6160' }), expect: customerOnly },
    'DELETE /api/user/addresses/:id': { params: async () => ({ id: await newAddressOfCustomer() }), expect: customerOnly },
    'POST /api/user/addresses/:id/default': { params: async () => ({ id: await newAddressOfCustomer() }), expect: customerOnly, takesNoBody: true },
    'GET /api/referral-codes/:code': { params: async () => ({ code: 'RESEARCH5' }), expect: everyone },
    // Support cases: the customer's own (another's answers 404, as does the customer route for an admin), the queue for admins.
    'POST /api/support/cases': { body: supportCaseBody, expect: signedIn },
    'GET /api/support/cases': { expect: signedIn },
    'GET /api/support/cases/:id': { params: async () => ({ id: (await aSupportCaseOfCustomer()).id }), expect: customerOnly },
    'POST /api/support/cases/:id/replies': { params: async () => ({ id: (await aSupportCaseOfCustomer()).id }), body: () => ({ message: 'Any news?' }), expect: customerOnly },
    'GET /api/support/cases/:id/attachments/:attachmentId/:file': {
      params: async () => ({ ...(await aSupportCaseOfCustomer()), file: '320.webp' }),
      expect: { guest: 401, customer: 'ok', other: 404, admin: 'ok' },
    },
    'GET /api/admin/support/cases': { expect: adminOnly },
    'GET /api/admin/support/cases/:id': { params: async () => ({ id: (await aSupportCaseOfCustomer()).id }), expect: adminOnly },
    'POST /api/admin/support/cases/:id/replies': { params: async () => ({ id: (await aSupportCaseOfCustomer()).id }), body: () => ({ message: 'We are on it.' }), expect: adminOnly },
    'POST /api/admin/support/cases/:id/close': { params: async () => ({ id: (await newSupportCaseOfCustomer()).id }), expect: adminOnly, takesNoBody: true },
    'GET /api/admin/orders': { expect: adminOnly },
    'GET /api/admin/orders/counts': { expect: adminOnly },
    'GET /api/admin/stock/held': { expect: adminOnly },
    'GET /api/admin/stock/low': { expect: adminOnly },
    'POST /api/admin/orders/:id/release': { params: async () => ({ id: await newOrderOfCustomer() }), expect: adminOnly, takesNoBody: true },
    'GET /api/admin/dashboard': { expect: adminOnly },
    'GET /api/orders': { expect: adminOnly },
    'PUT /api/orders/:id/status': { params: async () => ({ id: await newOrderOfCustomer() }), body: () => ({ status: 'processing' }), expect: adminOnly },
    'PUT /api/orders/:id/shipping': { params: async () => ({ id: await newOrderOfCustomer() }), body: () => ({ trackingNumber: 'TRK1', shippingCarrier: 'DHL' }), expect: adminOnly },
    'POST /api/admin/referral-codes': { body: () => ({ code: `MTXNEW${(sequence += 1)}X${Date.now()}`, discountPercentage: 5 }), expect: adminOnly },
    'DELETE /api/admin/referral-codes/:code': { params: async () => ({ code: await newReferralCode() }), expect: adminOnly },
    'GET /api/wallet-addresses': { expect: everyone },
    'POST /api/payments/crypto': { params: async () => ({ orderId: await newOrderOfCustomer() }), body: (params) => ({ orderId: params.orderId, paymentMethod: 'bitcoin' }), expect: ownerOrAdmin },
    'GET /api/payments/:id/status': { params: async () => ({ id: await newPaymentOfCustomer() }), expect: ownerOrAdmin },
    'GET /api/admin/payments': { expect: adminOnly },
    'GET /api/admin/payments/settings': { expect: adminOnly },
    'GET /api/admin/payments/export': { expect: adminOnly },
    'GET /api/admin/payments/:id': { params: async () => ({ id: await newPaymentOfCustomer() }), expect: adminOnly },
    'POST /api/admin/payments/:id/confirm': { params: async () => ({ id: await newPaymentOfCustomer() }), body: () => ({ transactionHash: 'f'.repeat(64) }), expect: adminOnly },
    'POST /api/admin/payments/:id/fail': { params: async () => ({ id: await newPaymentOfCustomer() }), body: () => ({ reason: 'Nothing arrived' }), expect: adminOnly },
    'POST /api/admin/payments/:id/accept-underpayment': { params: async () => ({ id: await newPaymentOfCustomer() }), body: () => ({ note: 'Short by a fee' }), expect: { ...adminOnly, admin: 409 } },
    'POST /api/admin/payments/:id/mark-paid': { params: async () => ({ id: await newPaymentOfCustomer() }), body: () => ({ reason: 'Paid by bank transfer', transactionHash: 'e'.repeat(64) }), expect: adminOnly },
    // A refund is noted on money received: the payment is confirmed first.
    'POST /api/admin/payments/:id/refund-note': { params: async () => ({ id: await newPaidPaymentOfCustomer() }), body: () => ({ note: 'Refunded' }), expect: adminOnly },
    'GET /api/admin/referral-codes': { expect: adminOnly },
    // Last among the review routes: the review they share is hidden, then shown again.
    'POST /api/admin/reviews/:id/hide': { params: async () => ({ id: await aReviewOfCustomer() }), body: () => ({ reason: 'Makes a medical claim' }), expect: adminOnly },
    'DELETE /api/admin/reviews/:id/hide': { params: async () => ({ id: await aReviewOfCustomer() }), expect: adminOnly },
    'POST /api/objects/upload': { expect: adminOnly, takesNoBody: true },
    // The signed link (its path and query) is the authority, whoever sends the bytes.
    'PUT /api/objects/uploads/:uploadId': {
      params: async () => ({ uploadId: (await newUploadLink()).replace('/api/objects/uploads/', '') }),
      rawBody: async () => ({ contentType: 'image/png', bytes: await aPng() }),
      expect: everyone,
    },
    'PUT /api/product-images': { params: async () => ({ imageURL: await newUpload() }), body: (params) => ({ imageURL: params.imageURL }), expect: adminOnly },
    'GET /api/health': { expect: everyone },
    'GET /api/openapi.json': { expect: everyone },
    'GET /api/docs': { expect: everyone },
    // Readiness answers everyone its status; its details only the METRICS_TOKEN or an administrator (test/api/operability).
    'GET /api/ready': { expect: everyone },
    'GET /api/health/live': { expect: everyone },
    'GET /api/health/ready': { expect: everyone },
    'GET /api/admin/projections': { expect: adminOnly },
    'GET /api/admin/audit': { expect: adminOnly },
    'GET /api/admin/audit/export': { expect: adminOnly },
    // Nothing is parked in a healthy shop: the admin is told so with 404.
    'POST /api/admin/projections/:projector/parked/:position/retry': { params: async () => ({ projector: 'catalogue', position: 1 }), expect: { ...adminOnly, admin: 404 } },
    // The storefront reports without a session; the back office reads.
    'POST /api/analytics/pageview': { body: () => ({ path: '/matrix', referrer: 'https://example.org/' }), expect: everyone },
    // An order that was never placed is answered as one that was (202, not recorded): the beacon tells nobody which order ids exist.
    'POST /api/analytics/event': { body: () => ({ type: 'order_placed', orderId: 999_999 }), expect: everyone },
    'GET /api/analytics/traffic': { expect: adminOnly },
    'GET /api/analytics/traffic/export': { expect: adminOnly },
    'GET /api/analytics/funnel': { expect: adminOnly },
    'GET /api/analytics/realtime': { expect: adminOnly },
  };

  const pathOf = (route: string, params: Params) => route.split(' ')[1].replace(/:(\w+)/g, (_, name: string) => String(params[name]));

  const bodyOf = async (route: string, routeCase: RouteCase, params: Params) =>
    route === 'POST /api/orders' ? await orderBody() : routeCase.body?.(params);

  beforeAll(async () => {
    shop = await startTestApp();
  });
  afterAll(async () => {
    await shop.close();
  });

  it('has an expectation for every route the app serves, and no stale one', () => {
    expect(registeredRoutes(shop.app).sort()).toEqual(Object.keys(ROUTES).sort());
  });

  describe.each(Object.keys(ROUTES))('%s', (route) => {
    it.each(ACTORS)('answers %s as the table says', async (actor) => {
      const routeCase = ROUTES[route];
      const params = (await routeCase.params?.()) ?? {};
      const cookie = routeCase.changesSession ? await newCookie(actor) : await as(actor);
      const [method] = route.split(' ');
      const body = await bodyOf(route, routeCase, params);
      const raw = await routeCase.rawBody?.();
      const test = call(method, pathOf(route, params), cookie);
      const response = await (raw ? test.set('Content-Type', raw.contentType).send(raw.bytes) : body ? test.send(body) : test);
      const expected = routeCase.expect[actor];
      if (expected === 'ok') expect(response.status).toBeLessThan(400);
      else {
        expect(response.status).toBe(expected);
        expect(response.body.message).toEqual(expect.any(String));
      }
    });
  });

  describe('bad input to every POST and PUT route, as an administrator', () => {
    const writeRoutes = () => Object.keys(ROUTES).filter((route) => /^(POST|PUT) /.test(route) && !ROUTES[route].changesSession && !ROUTES[route].takesNoBody);

    const expectRefusal = (response: request.Response) => {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.body.message).toEqual(expect.any(String));
    };

    const wrongTypeOf = (value: unknown): unknown => {
      if (typeof value === 'string') return { $gt: '' };
      if (typeof value === 'number') return 'not a number';
      if (typeof value === 'boolean') return 'yes';
      return 'not an object';
    };

    it('refuses malformed JSON, wrong types, missing fields, huge strings and a 2 MB body, writing nothing', async () => {
      const cookie = await as('admin');
      const prepared = [];
      for (const route of writeRoutes()) {
        const routeCase = ROUTES[route];
        const params = (await routeCase.params?.()) ?? {};
        prepared.push({ route, path: pathOf(route, params), method: route.split(' ')[0], body: (await bodyOf(route, routeCase, params)) ?? {}, emptyBodyValid: routeCase.emptyBodyValid === true });
      }
      const eventStore = shop.app.get<EventStore>(EVENT_STORE);
      const head = await eventStore.headPosition();

      for (const { method, path, body, emptyBodyValid } of prepared) {
        expectRefusal(await call(method, path, cookie).set('Content-Type', 'application/json').send('{"broken": '));
        expectRefusal(await call(method, path, cookie).send([]));
        if (!emptyBodyValid) expectRefusal(await call(method, path, cookie).send({}));
        expectRefusal(await call(method, path, cookie).set('Content-Type', 'application/json').send(JSON.stringify({ ...body, padding: 'x'.repeat(2 * 1024 * 1024) })));
        for (const [field, value] of Object.entries(body)) {
          expectRefusal(await call(method, path, cookie).send({ ...body, [field]: wrongTypeOf(value) }));
          if (typeof value === 'string') expectRefusal(await call(method, path, cookie).send({ ...body, [field]: 'x'.repeat(100_000) }));
        }
      }
      expect(await eventStore.headPosition()).toBe(head);
    });
  });
});
