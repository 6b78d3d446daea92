import request from 'supertest';
import { eventually } from '../support/eventually';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { EMAIL_VERIFICATIONS_COLLECTION } from '../../backend/src/identity/commands/email-verification.command';
import { CREDENTIAL_STORE, CredentialStore } from '../../backend/src/storage/credential-store/credential-store.port';
import { confirmationLinkTo, MailCatcher, startMailCatcher } from '../support/mail-catcher';
import { signInAsAdmin, signUp, startTestApp, TestApp } from '../support/test-app';

const perth = { firstName: 'Rosalind', lastName: 'Franklin', phone: '0412345678', address: '1 Lab Rd', city: 'Perth', state: 'WA', postalCode: '6000' };

interface TimelineEntry {
  kind: string;
  title: string;
  detail: string | null;
  trackingUrl: string | null;
}

describe('Customer orders: detail, timeline, claiming guest orders, lookup', () => {
  let mail: MailCatcher;
  let shop: TestApp;
  let admin: request.Agent;
  let productId: number;

  beforeAll(async () => {
    mail = await startMailCatcher();
    shop = await startTestApp({ env: { SMTP_URL: mail.url } });
    admin = shop.agent();
    await signInAsAdmin(admin);
    productId = (await admin.post('/api/admin/products').send({ name: 'Claim test peptide', sku: `CLAIM-${Date.now()}`, price: '40.00', stock: 500 }).expect(201)).body.id;
  });
  afterAll(async () => {
    await shop.close();
    await mail.close();
  });

  const placeOrder = async (agent: request.Agent, customerEmail: string) =>
    (await agent.post('/api/orders').send({ customerEmail, paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: perth, items: [{ productId, quantity: 1 }] }).expect(201)).body as { id: number; customerId: string | null; totalAmount: string };
  const uniqueEmail = (name: string) => `${name}-${Math.random().toString(36).slice(2)}@example.com`;
  const orderIdsOf = async (agent: request.Agent) => ((await agent.get('/api/customer/orders').expect(200)).body as { id: number }[]).map((order) => order.id);
  /** The path of the newest confirmation link mailed to `email`, as the mail has it (the outbox masks its token). */
  const confirmationLinkOf = (email: string) => {
    const link = new URL(confirmationLinkTo(mail, email));
    return link.pathname + link.search;
  };
  const emailVerifiedOf = async (agent: request.Agent) => (await agent.get('/api/auth/user').expect(200)).body.emailVerified as boolean;
  const CONFIRMED = '/dashboard?emailVerified=1';
  const LINK_FAILED = '/auth?emailVerification=failed';

  it("shows a customer their own order, its items and its timeline, and answers 404 for another customer's", async () => {
    const owner = shop.agent();
    const { user } = await signUp(owner);
    const order = await placeOrder(owner, user.email);
    await admin.put(`/api/orders/${order.id}/shipping`).send({ trackingNumber: 'JD014600003SE', shippingCarrier: 'DHL' }).expect(200);
    await shop.app.get(ProjectionRunner).drain();

    expect((await owner.get(`/api/orders/${order.id}`).expect(200)).body).toMatchObject({ id: order.id, trackingNumber: 'JD014600003SE', shippingCarrier: 'DHL' });
    const timeline = (await owner.get(`/api/orders/${order.id}/timeline`).expect(200)).body as TimelineEntry[];
    expect(timeline.map((entry) => entry.kind)).toEqual(['placed', 'shipped']);
    expect(timeline[0]).toMatchObject({ title: 'Order placed', detail: `Total A$${order.totalAmount}, to be paid in Bitcoin (BTC).` });
    expect(timeline[1]).toMatchObject({ title: 'Shipped', trackingUrl: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=JD014600003SE' });

    const other = shop.agent();
    await signUp(other);
    for (const path of [`/api/orders/${order.id}`, `/api/orders/${order.id}/timeline`, `/api/orders/${order.id}/items`]) {
      expect((await other.get(path).expect(404)).body).toEqual({ message: 'Order not found' });
      await shop.agent().get(path).expect(404);
    }
    expect(await orderIdsOf(other)).not.toContain(order.id);
    expect((await admin.get(`/api/orders/${order.id}/timeline`).expect(200)).body).toHaveLength(2);
  });

  it('tells status changes and the cancellation with its reason in the timeline', async () => {
    const owner = shop.agent();
    const { user } = await signUp(owner);
    const order = await placeOrder(owner, user.email);
    await admin.put(`/api/orders/${order.id}/status`).send({ status: 'processing' }).expect(200);
    await admin.put(`/api/orders/${order.id}/status`).send({ status: 'cancelled' }).expect(200);
    await shop.app.get(ProjectionRunner).drain();
    const timeline = (await owner.get(`/api/orders/${order.id}/timeline`).expect(200)).body as TimelineEntry[];
    expect(timeline.map(({ kind, title, detail }) => ({ kind, title, detail }))).toEqual([
      { kind: 'placed', title: 'Order placed', detail: expect.any(String) },
      { kind: 'processing', title: 'Being prepared for shipping', detail: null },
      { kind: 'cancelled', title: 'Cancelled', detail: 'Reason: Cancelled by an administrator' },
    ]);
  });

  it('hands a guest order placed with an e-mail to whoever signs up with it only once they follow the link mailed to it', async () => {
    const email = uniqueEmail('guest');
    const guestOrder = await placeOrder(shop.agent(), email);
    const elsewhere = shop.agent();
    const { user } = await signUp(elsewhere, { email });
    expect(user).toMatchObject({ emailVerified: false });
    expect(await emailVerifiedOf(elsewhere)).toBe(false);
    expect(await orderIdsOf(elsewhere)).not.toContain(guestOrder.id);
    await elsewhere.get(`/api/orders/${guestOrder.id}`).expect(404);

    // Opened on another device, signed out: the token is the proof, and the order is claimed before the redirect.
    const followed = await shop.agent().get(confirmationLinkOf(email)).expect(302);
    expect(followed.headers.location).toBe(CONFIRMED);
    expect(await emailVerifiedOf(elsewhere)).toBe(true);
    expect(await orderIdsOf(elsewhere)).toContain(guestOrder.id);
    expect((await elsewhere.get(`/api/orders/${guestOrder.id}`).expect(200)).body.customerId).toBe(user.id);
    await shop.app.get(ProjectionRunner).drain();
    expect(((await elsewhere.get(`/api/orders/${guestOrder.id}/timeline`).expect(200)).body as TimelineEntry[]).map((entry) => entry.kind)).toEqual(['placed', 'claimed']);
    expect((await elsewhere.post('/api/auth/verify-email/resend').expect(409)).body).toEqual({ message: 'Your e-mail address is already confirmed.' });
  });

  it('claims at login the guest orders placed with a confirmed address since, and none with an unconfirmed one', async () => {
    const first = shop.agent();
    const { email, password } = await signUp(first);
    const beforeConfirming = await placeOrder(shop.agent(), email);
    const unconfirmed = shop.agent();
    await unconfirmed.post('/api/auth/login').send({ email, password }).expect(200);
    expect(await orderIdsOf(unconfirmed)).not.toContain(beforeConfirming.id);

    await first.get(confirmationLinkOf(email)).expect(302);
    expect(await orderIdsOf(unconfirmed)).toContain(beforeConfirming.id);
    const since = await placeOrder(shop.agent(), email);
    const later = shop.agent();
    await later.post('/api/auth/login').send({ email, password }).expect(200);
    expect(await orderIdsOf(later)).toContain(since.id);
  });

  it('sends a made-up, replaced, expired or used link to the failure page, saying nothing of which, and claims nothing', async () => {
    const email = uniqueEmail('links');
    const guestOrder = await placeOrder(shop.agent(), email);
    const holder = shop.agent();
    await signUp(holder, { email });
    const replaced = confirmationLinkOf(email);
    expect((await holder.post('/api/auth/verify-email/resend').expect(200)).body).toEqual({ email });
    const expiring = confirmationLinkOf(email);
    expect(expiring).not.toBe(replaced);
    await shop.app.get<CredentialStore>(CREDENTIAL_STORE).collection(EMAIL_VERIFICATIONS_COLLECTION).updateMany({ email }, { $set: { expiresAt: Date.now() - 1 } });

    const madeUp = ['/api/auth/verify-email', '/api/auth/verify-email?token=garbage', `/api/auth/verify-email?token=${'A'.repeat(43)}`, '/api/auth/verify-email?token=a&token=b'];
    for (const path of [...madeUp, replaced, expiring]) {
      const answer = await shop.agent().get(path).expect(302);
      expect(answer.headers.location).toBe(LINK_FAILED);
    }
    // A signed-in browser hears it on the dashboard (the sign-in page would only send it on).
    expect((await holder.get(madeUp[1]).expect(302)).headers.location).toBe('/dashboard?emailVerification=failed');
    expect(await emailVerifiedOf(holder)).toBe(false);
    expect(await orderIdsOf(holder)).not.toContain(guestOrder.id);

    await holder.post('/api/auth/verify-email/resend').expect(200);
    const fresh = confirmationLinkOf(email);
    expect((await shop.agent().get(fresh).expect(302)).headers.location).toBe(CONFIRMED);
    expect((await shop.agent().get(fresh).expect(302)).headers.location).toBe(LINK_FAILED);
    expect(await orderIdsOf(holder)).toContain(guestOrder.id);
  });

  it('mails at most five new links an hour to one account, and only to a signed-in one', async () => {
    const browser = shop.agent();
    const { email } = await signUp(browser);
    for (let resend = 1; resend <= 5; resend += 1) expect((await browser.post('/api/auth/verify-email/resend').expect(200)).body).toEqual({ email });
    const limited = await browser.post('/api/auth/verify-email/resend').expect(429);
    expect(limited.body.message).toMatch(/^Too many confirmation e-mails\. Please try again in \d+ minutes?\.$/);
    await shop.agent().post('/api/auth/verify-email/resend').expect(401);
    // The administrator counts as confirmed.
    expect((await admin.get('/api/auth/user').expect(200)).body.emailVerified).toBe(true);
    await admin.post('/api/auth/verify-email/resend').expect(409);
  });

  it('makes the guest orders of this browser the customer’s whatever their e-mail, and nobody else’s afterwards', async () => {
    const browser = shop.agent();
    const orderedWith = uniqueEmail('typo');
    const guestOrder = await placeOrder(browser, orderedWith);
    await browser.get(`/api/orders/${guestOrder.id}`).expect(200);
    await signUp(browser);
    expect(await orderIdsOf(browser)).toContain(guestOrder.id);
    await browser.get(`/api/orders/${guestOrder.id}/timeline`).expect(200);

    // The e-mail it was placed with now belongs to someone else: the order stays with its claimer.
    const owner = shop.agent();
    await signUp(owner, { email: orderedWith });
    await owner.get(confirmationLinkOf(orderedWith)).expect(302);
    expect(await orderIdsOf(owner)).not.toContain(guestOrder.id);
    await owner.get(`/api/orders/${guestOrder.id}`).expect(404);
  });

  it('does not hand a guest order to an account with another e-mail signing in elsewhere', async () => {
    const guestOrder = await placeOrder(shop.agent(), uniqueEmail('someone'));
    const stranger = shop.agent();
    await signUp(stranger);
    expect(await orderIdsOf(stranger)).not.toContain(guestOrder.id);
  });

  describe('Find your order', () => {
    it('answers the order and its timeline for the right pair, whatever the case of the e-mail and with a # before the number', async () => {
      const email = uniqueEmail('lookup');
      const order = await placeOrder(shop.agent(), email);
      await shop.app.get(ProjectionRunner).drain();
      const found = (await shop.agent().post('/api/orders/lookup').send({ orderNumber: `#${order.id}`, email: email.toUpperCase() }).expect(200)).body;
      expect(found.order).toMatchObject({ id: order.id, customerEmail: email, totalAmount: order.totalAmount });
      expect(found.timeline.map((entry: TimelineEntry) => entry.kind)).toEqual(['placed']);
    });

    it('answers a wrong e-mail and a wrong number with the same 404, and grants no access afterwards', async () => {
      const email = uniqueEmail('pair');
      const order = await placeOrder(shop.agent(), email);
      const prober = shop.agent();
      const wrongEmail = await prober.post('/api/orders/lookup').send({ orderNumber: order.id, email: 'not-the-buyer@example.com' });
      const wrongNumber = await prober.post('/api/orders/lookup').send({ orderNumber: 987654321, email });
      expect(wrongEmail.status).toBe(404);
      expect(wrongNumber.status).toBe(404);
      expect(wrongEmail.body).toEqual(wrongNumber.body);
      expect(wrongEmail.body).toEqual({ message: 'No order matches this order number and e-mail address.' });

      await prober.post('/api/orders/lookup').send({ orderNumber: order.id, email }).expect(200);
      await prober.get(`/api/orders/${order.id}`).expect(404);
      await prober.post('/api/orders/lookup').send({ orderNumber: 'abc', email }).expect(400);
    });

    it('limits the attempts of one client on one order number, then on any', async () => {
      const email = uniqueEmail('guess');
      const order = await placeOrder(shop.agent(), email);
      const limits = await startTestApp();
      try {
        // A fresh app: this client has made no lookup yet. The order lives in the other app, so every pair here is wrong.
        const guesser = limits.agent();
        for (let attempt = 1; attempt <= 5; attempt += 1) await guesser.post('/api/orders/lookup').send({ orderNumber: order.id, email: `guess${attempt}@example.com` }).expect(404);
        const blocked = await guesser.post('/api/orders/lookup').send({ orderNumber: order.id, email: 'guess6@example.com' }).expect(429);
        expect(blocked.body.message).toMatch(/^Too many order lookups\. Please try again in \d+ minutes?\.$/);
        // Six attempts so far; the client may make twenty in a quarter of an hour, whatever the order.
        for (let number = 1; number <= 14; number += 1) await guesser.post('/api/orders/lookup').send({ orderNumber: 500_000 + number, email }).expect(404);
        await guesser.post('/api/orders/lookup').send({ orderNumber: 600_000, email }).expect(429);
      } finally {
        await limits.close();
      }
    });

    it('never lets a stranger lock the buyer out: attempts on a number count per client, under a ceiling of 100 an hour for all', async () => {
      const proxied = await startTestApp({ env: { TRUST_PROXY: '1' } });
      try {
        const from = (client: string) => proxied.agent().post('/api/orders/lookup').set('X-Forwarded-For', client);
        const [product] = (await proxied.agent().get('/api/products').expect(200)).body as { id: number }[];
        const email = uniqueEmail('buyer');
        const order = (await proxied.agent().post('/api/orders').send({ customerEmail: email, paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: perth, items: [{ productId: product.id, quantity: 1 }] }).expect(201)).body as { id: number };
        await proxied.app.get(ProjectionRunner).drain();

        for (let attempt = 1; attempt <= 5; attempt += 1) await from('203.0.113.1').send({ orderNumber: order.id, email: `guess${attempt}@example.com` }).expect(404);
        await from('203.0.113.1').send({ orderNumber: order.id, email }).expect(429);
        await from('198.51.100.10').send({ orderNumber: order.id, email }).expect(200);

        // Six counted so far (the refused one is not): guesses spread over many clients stop at the hundredth.
        for (let counted = 6; counted < 100; counted += 1) {
          await from(`203.0.113.${10 + Math.floor(counted / 5)}`).send({ orderNumber: order.id, email: `spread${counted}@example.com` }).expect(404);
        }
        await from('203.0.113.250').send({ orderNumber: order.id, email: 'one-more@example.com' }).expect(429);
      } finally {
        await proxied.close();
      }
    });
  });

  describe('cancelled by the buyer (issue 21)', () => {
    const stockOf = async () => ((await admin.get(`/api/products/${productId}`).expect(200)).body as { stock: number }).stock;

    it('lets a customer cancel their unpaid order: it is cancelled with its reason, its stock is back on sale, and they are mailed', async () => {
      const owner = shop.agent();
      const { user } = await signUp(owner);
      const before = await stockOf();
      const order = await placeOrder(owner, user.email);
      expect(await stockOf()).toBe(before - 1);

      const cancelled = await owner.post(`/api/orders/${order.id}/cancel`).send({}).expect(200);
      expect(cancelled.body).toMatchObject({ id: order.id, status: 'cancelled' });
      expect(await stockOf()).toBe(before);
      const timeline = (await owner.get(`/api/orders/${order.id}/timeline`).expect(200)).body as TimelineEntry[];
      expect(timeline.at(-1)).toMatchObject({ kind: 'cancelled', detail: expect.stringContaining('Cancelled by the customer before payment') });
      await eventually(() => expect(mail.textsTo(user.email).some((text) => text.includes(`Order #${order.id} cancelled`) && text.includes('Cancelled by the customer before payment'))).toBe(true));
      // A second try changes nothing and says so plainly.
      expect((await owner.post(`/api/orders/${order.id}/cancel`).send({}).expect(200)).body.status).toBe('cancelled');
      expect(await stockOf()).toBe(before);
    });

    it("answers 404 to another customer and to a guest without the order's e-mail, and changes nothing", async () => {
      const owner = shop.agent();
      const { user } = await signUp(owner);
      const order = await placeOrder(owner, user.email);
      const other = shop.agent();
      await signUp(other);
      expect((await other.post(`/api/orders/${order.id}/cancel`).send({}).expect(404)).body.message).toBe('Order not found');
      expect((await shop.agent().post(`/api/orders/${order.id}/cancel`).send({}).expect(404)).body.message).toBe('Order not found');
      expect((await shop.agent().post(`/api/orders/${order.id}/cancel`).send({ email: 'someone-else@example.com' }).expect(404)).body.message).toBe('No order matches this order number and e-mail address.');
      expect((await shop.agent().post(`/api/orders/${order.id}/cancel`).send({ email: 'not an address' }).expect(400)).body.message).toBeDefined();
      expect((await owner.get(`/api/orders/${order.id}`).expect(200)).body.status).toBe('pending');
    });

    it("lets a guest cancel from the browser that placed the order, or elsewhere with the order's e-mail (case aside)", async () => {
      const guest = shop.agent();
      const email = uniqueEmail('guest-cancel');
      const first = await placeOrder(guest, email);
      expect((await guest.post(`/api/orders/${first.id}/cancel`).send({}).expect(200)).body.status).toBe('cancelled');
      const second = await placeOrder(shop.agent(), email);
      expect((await shop.agent().post(`/api/orders/${second.id}/cancel`).send({ email: email.toUpperCase() }).expect(200)).body.status).toBe('cancelled');
    });

    it('refuses a paid order (the shop refunds it) and one the shop has shipped, with 409 and a message', async () => {
      const owner = shop.agent();
      const { user } = await signUp(owner);
      const order = await placeOrder(owner, user.email);
      const payment = (await owner.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'bitcoin' }).expect(201)).body as { id: number };
      await admin.post(`/api/admin/payments/${payment.id}/confirm`).send({ transactionHash: 'c'.repeat(64) }).expect(200);
      expect((await owner.post(`/api/orders/${order.id}/cancel`).send({}).expect(409)).body.message).toBe(`Order ${order.id} is paid, so it can no longer be cancelled here: please contact us and we will refund it.`);
      await admin.put(`/api/orders/${order.id}/shipping`).send({ trackingNumber: 'JD014600003SE', shippingCarrier: 'DHL' }).expect(200);
      expect((await owner.post(`/api/orders/${order.id}/cancel`).send({}).expect(409)).body.message).toMatch(/is paid/);
      expect((await owner.get(`/api/orders/${order.id}`).expect(200)).body.status).toBe('shipped');
    });
  });
});
