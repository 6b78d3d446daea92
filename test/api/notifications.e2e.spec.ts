import { CREDENTIAL_STORE, CredentialStore } from '../../backend/src/storage/credential-store/credential-store.port';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { OUTBOX_COLLECTION } from '../../backend/src/notifications/mail/notifier.port';
import { OUTBOX_TOKENS_MASKED } from '../../backend/src/notifications/mail/outbox.notifier';
import { EVENT_STORE, EventStore } from '../../backend/src/storage/event-store/event-store.port';
import { MailCatcher, startMailCatcher } from '../support/mail-catcher';
import { signInAsAdmin, signUp, startTestApp, TestApp } from '../support/test-app';
import { LowStockAlert } from '../../backend/src/catalogue/processes/low-stock-alert';

const address = { firstName: 'Dorothy', lastName: 'Hodgkin', phone: '0412345678', address: '1 Lab Rd', city: 'Perth', state: 'WA', postalCode: '6000' };

describe('Order notifications', () => {
  let mail: MailCatcher;
  let shop: TestApp;

  beforeAll(async () => {
    mail = await startMailCatcher();
    shop = await startTestApp({ env: { SMTP_URL: mail.url, MAILS_PER_RECIPIENT_PER_HOUR: '3' } });
  });
  afterAll(async () => {
    await shop.close();
    await mail.close();
  });

  it('e-mails the customer when an order is placed and when it ships, once each, and records both in the outbox', async () => {
    const [product] = (await shop.agent().get('/api/products').query({ sortBy: 'popularity' }).expect(200)).body;
    const order = (
      await shop.agent().post('/api/orders').send({ customerEmail: 'dorothy@example.com', paymentMethod: 'bitcoin', shippingMethod: 'express', shippingAddress: address, items: [{ productId: product.id, quantity: 1 }] }).expect(201)
    ).body;
    const admin = shop.agent();
    await signInAsAdmin(admin);
    await admin.put(`/api/orders/${order.id}/shipping`).send({ trackingNumber: 'TRACK123456', shippingCarrier: 'UPS' }).expect(200);
    await shop.app.get(ProjectionRunner).drain();

    const received = mail.mails.filter((m) => m.to.includes('dorothy@example.com'));
    expect(received).toHaveLength(2);
    expect(received[0].raw).toContain(`Order #${order.id} received`);
    expect(received[0].raw).toContain(`A$${order.totalAmount}`);
    expect(received[1].raw).toContain(`Order #${order.id} has shipped`);
    expect(received[1].raw).toContain('TRACK123456');

    const outbox = await shop.app.get<CredentialStore>(CREDENTIAL_STORE).collection(OUTBOX_COLLECTION).find({ to: 'dorothy@example.com' });
    expect(outbox.map((entry) => entry.status)).toEqual(['sent', 'sent']);

    await shop.app.get(ProjectionRunner).rebuild();
    await shop.app.get(ProjectionRunner).drain();
    expect(mail.mails.filter((m) => m.to.includes('dorothy@example.com'))).toHaveLength(2);
  });

  const placeOrder = async (customerEmail: string) => {
    const [product] = (await shop.agent().get('/api/products').query({ sortBy: 'popularity' }).expect(200)).body;
    const guest = shop.agent();
    const order = (await guest.post('/api/orders').send({ customerEmail, paymentMethod: 'bitcoin', shippingMethod: 'express', shippingAddress: address, items: [{ productId: product.id, quantity: 1 }] }).expect(201)).body;
    return { guest, order };
  };
  const mailsTo = (to: string) => mail.textsTo(to);
  const outboxOf = (to: string) => shop.app.get<CredentialStore>(CREDENTIAL_STORE).collection(OUTBOX_COLLECTION).find({ to }, { sort: { recordedAt: 1 } });

  it('e-mails placed, paid and shipped, the shipped mail with the carrier’s tracking link', async () => {
    const email = 'marie@example.com';
    const { guest, order } = await placeOrder(email);
    const payment = (await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'bitcoin' }).expect(201)).body;
    const admin = shop.agent();
    await signInAsAdmin(admin);
    await admin.post(`/api/admin/payments/${payment.id}/confirm`).send({ transactionHash: 'a'.repeat(64) }).expect(200);
    await admin.put(`/api/orders/${order.id}/shipping`).send({ trackingNumber: '1Z999AA10123456784', shippingCarrier: 'UPS' }).expect(200);
    await shop.app.get(ProjectionRunner).drain();

    const [placed, paid, shipped] = mailsTo(email);
    expect(placed).toContain(`Subject: Order #${order.id} received`);
    expect(paid).toContain(`Subject: Payment received for order #${order.id}`);
    const gst = (Math.floor((2 * Math.round(Number(order.totalAmount) * 100) + 11) / 22) / 100).toFixed(2);
    expect(paid).toContain(`Your payment of A$${order.totalAmount} (includes GST of A$${gst}) for order #${order.id} has been confirmed.`);
    expect(placed).toContain(`Total: A$${order.totalAmount} (includes GST of A$${gst})`);
    expect(shipped).toContain(`Subject: Order #${order.id} has shipped`);
    expect(shipped).toContain('Tracking number: 1Z999AA10123456784');
    expect(shipped).toContain('Track it: https://www.ups.com/track?loc=en_AU&tracknum=1Z999AA10123456784');
  });

  it('e-mails the customer when the shop answers their support case, with their subject kept on one line', async () => {
    const customer = shop.agent();
    const { email } = await signUp(customer, { fullName: 'Lise Meitner' });
    const opened = await customer
      .post('/api/support/cases')
      .send({ subject: 'Vial cracked\r\nBcc: everyone@example.com', description: 'The second vial arrived cracked.', category: 'order_issue', priority: 'high' })
      .expect(201);
    const admin = shop.agent();
    await signInAsAdmin(admin);
    await admin.post(`/api/admin/support/cases/${opened.body.id}/replies`).send({ message: 'Sorry about that: a replacement ships today.' }).expect(201);
    await customer.post(`/api/support/cases/${opened.body.id}/replies`).send({ message: 'Thank you!' }).expect(201);
    await shop.app.get(ProjectionRunner).drain();

    // The first mail is the sign-up's confirmation link; the customer's own reply mails nobody.
    const [confirmation, reply, ...more] = mailsTo(email);
    expect(confirmation).toContain('Subject: Confirm your e-mail address');
    expect(more).toHaveLength(0);
    expect(reply).toContain('Hello Lise,');
    expect(reply).toContain('Sorry about that: a replacement ships today.');
    const headers = reply.split(/\r?\n\r?\n/)[0];
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(mail.mails.filter((m) => m.to.includes('everyone@example.com'))).toHaveLength(0);
    const [, entry] = await outboxOf(email);
    expect(entry.subject).toBe(`Re: Vial cracked Bcc: everyone@example.com [support case #${opened.body.id}]`);
  });

  it('mails a new account its confirmation link with the token in clear, keeps it masked in the outbox, and the mailed link confirms the address', async () => {
    const browser = shop.agent();
    const { email, user } = await signUp(browser, { fullName: 'Chien-Shiung Wu' });
    const [confirmation, ...more] = mailsTo(email);
    expect(more).toHaveLength(0);
    expect(confirmation).toContain('Subject: Confirm your e-mail address');
    expect(confirmation).toContain('Hello Chien-Shiung,');
    // No PUBLIC_URL: the address the server was started on (PORT, 3000 by default), not the test client's Host.
    const link = /^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=([A-Za-z0-9_-]{43})$/m.exec(confirmation);
    expect(link).not.toBeNull();
    const token = link![1];

    const [entry] = await outboxOf(email);
    expect(entry).toMatchObject({ subject: 'Confirm your e-mail address', status: 'sent' });
    expect(entry.text).toContain(`http://localhost:3000/api/auth/verify-email?token=${token.slice(0, 4)}…\n`);
    expect(JSON.stringify(entry)).not.toContain(token);
    const admin = shop.agent();
    await signInAsAdmin(admin);
    const outbox = (await admin.get('/api/admin/notifications/outbox').query({ pageSize: 100 }).expect(200)).body as { entries: { to: string; text: string }[] };
    expect(outbox.entries.find((shown) => shown.to === email)?.text).toContain(`?token=${token.slice(0, 4)}…`);
    expect(JSON.stringify(outbox)).not.toContain(token);
    const events = await shop.app.get<EventStore>(EVENT_STORE).readStream(`user-${user.id}`);
    expect(events.map((event) => event.type)).toEqual(['UserRegistered', 'EmailVerificationRequested']);
    expect(JSON.stringify(events)).not.toContain(token);

    // The link as mailed still works, once.
    const path = new URL(link![0]).pathname + new URL(link![0]).search;
    expect((await shop.agent().get(path).expect(302)).headers.location).toBe('/dashboard?emailVerified=1');
    expect((await browser.get('/api/auth/user').expect(200)).body.emailVerified).toBe(true);
    expect((await shop.agent().get(path).expect(302)).headers.location).toBe('/auth?emailVerification=failed');
  });

  it('masks, at start-up, confirmation links an older version kept in clear in the outbox', async () => {
    const older = await startTestApp();
    try {
      const token = 'Q'.repeat(43);
      const legacy = { _id: 'email-verification-legacy', to: 'legacy@example.com', subject: 'Confirm your e-mail address', text: `Hello,\n\nhttp://shop.test/api/auth/verify-email?token=${token}\n\nBye`, status: 'recorded', recordedAt: new Date().toISOString(), sentAt: null, error: null };
      const credentials = older.app.get<CredentialStore>(CREDENTIAL_STORE);
      await credentials.collection(OUTBOX_COLLECTION).insertOne(legacy);
      // As an older version left the folder: it never recorded that its outbox was masked.
      await credentials.collection('settings').deleteOne({ _id: OUTBOX_TOKENS_MASKED });
      await older.stop();
      const restarted = await startTestApp({ dataDir: older.dataDir });
      try {
        const [entry] = await restarted.app.get<CredentialStore>(CREDENTIAL_STORE).collection(OUTBOX_COLLECTION).find({ _id: legacy._id });
        expect(entry.text).toBe('Hello,\n\nhttp://shop.test/api/auth/verify-email?token=QQQQ…\n\nBye');
        // Done once: later starts do not read the outbox again.
        expect(await restarted.app.get<CredentialStore>(CREDENTIAL_STORE).collection('settings').findOne({ _id: OUTBOX_TOKENS_MASKED })).not.toBeNull();
      } finally {
        await restarted.stop();
      }
    } finally {
      await older.close();
    }
  });

  it('sends one address at most the hourly limit of mails and records the rest as suppressed', async () => {
    const email = 'flooded@example.com';
    for (let index = 0; index < 4; index += 1) await placeOrder(email);
    await shop.app.get(ProjectionRunner).drain();
    expect(mailsTo(email)).toHaveLength(3);
    expect((await outboxOf(email)).map((entry) => entry.status)).toEqual(['sent', 'sent', 'sent', 'suppressed']);
  });

  it('shows the outbox to administrators only, newest first, a page at a time', async () => {
    await shop.agent().get('/api/admin/notifications/outbox').expect(401);
    const customer = shop.agent();
    await signUp(customer);
    await customer.get('/api/admin/notifications/outbox').expect(403);

    const admin = shop.agent();
    await signInAsAdmin(admin);
    const first = (await admin.get('/api/admin/notifications/outbox').query({ pageSize: 2 }).expect(200)).body;
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: expect.any(Number) });
    expect(first.total).toBeGreaterThanOrEqual(8);
    expect(first.entries).toHaveLength(2);
    expect(first.entries[0]).toMatchObject({ id: expect.any(String), to: expect.any(String), subject: expect.any(String), text: expect.any(String), status: expect.any(String) });
    expect(first.entries[0].recordedAt >= first.entries[1].recordedAt).toBe(true);
    const second = (await admin.get('/api/admin/notifications/outbox').query({ page: 2, pageSize: 2 }).expect(200)).body;
    expect(second.entries[0].id).not.toBe(first.entries[1].id);
    await admin.get('/api/admin/notifications/outbox').query({ pageSize: 500 }).expect(400);
  });
});

describe('Daily low-stock mail (issue 21)', () => {
  let mail: MailCatcher;
  let shop: TestApp;

  beforeAll(async () => {
    mail = await startMailCatcher();
    shop = await startTestApp({ env: { SMTP_URL: mail.url, LOW_STOCK_ALERT_HOUR: '8' } });
  });
  afterAll(async () => {
    await shop.close();
    await mail.close();
  });

  it('mails the admin the products at 10 units or fewer once a store day, from 8:00 in Sydney, and not on a day with none', async () => {
    const admin = shop.agent();
    await signInAsAdmin(admin);
    const products = (await admin.get('/api/admin/products').expect(200)).body as { id: number; stock: number; isActive: boolean }[];
    const scarce = (await admin.post('/api/admin/products').send({ name: 'Scarce peptide', sku: `SCARCE-${Date.now()}`, price: '10.00', stock: 2 }).expect(201)).body as { id: number };
    const alert = shop.app.get(LowStockAlert);
    // 07:30 in Sydney (UTC+11 in November): not yet.
    expect(await alert.check(new Date('2026-11-27T20:30:00Z'))).toBe('not-yet');
    // 09:00 in Sydney on 28 November: sent, once however often it checks.
    expect(await alert.check(new Date('2026-11-27T22:00:00Z'))).toBe('sent');
    expect(await alert.check(new Date('2026-11-28T02:00:00Z'))).toBe('sent');
    const outbox = await shop.app.get<CredentialStore>(CREDENTIAL_STORE).collection(OUTBOX_COLLECTION).find({ _id: 'low-stock-2026-11-28' });
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ to: 'admin@peptide.shop', subject: expect.stringMatching(/^Low stock on 2026-11-28: \d+ products? at 10 or fewer$/) });
    expect(outbox[0].text).toContain('2 left  Scarce peptide (SCARCE-');
    expect(mail.textsTo('admin@peptide.shop').filter((text) => text.includes('Low stock on 2026-11-28'))).toHaveLength(1);

    // Once nothing is low, a new day brings no mail.
    for (const product of [...products.filter((candidate) => candidate.isActive && candidate.stock <= 10), scarce]) {
      await admin.post(`/api/admin/products/${product.id}/stock`).send({ delta: 50, reason: 'received' }).expect(200);
    }
    expect(await alert.check(new Date('2026-11-28T22:00:00Z'))).toBe('nothing-low');
  });
});
