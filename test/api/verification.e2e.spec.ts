import sharp from 'sharp';
import request from 'supertest';
import type { MyVerificationView, VerificationView } from '../../backend/src/customers/contract/verification.views';
import { VERIFICATION_MESSAGES } from '../../backend/src/customers/contract/verification-input';
import { uploadIdOf } from '../../backend/src/media/contract/media-input';
import { eventually } from '../support/eventually';
import { confirmationLinkTo, MailCatcher, startMailCatcher } from '../support/mail-catcher';
import { signInAsAdmin, signUp, startTestApp, TestApp } from '../support/test-app';

const address = { firstName: 'Rosalind', lastName: 'Franklin', phone: '0412345678', address: '1 Lab St', city: 'Sydney', state: 'NSW', postalCode: '2000' };
const submission = { institution: 'University of Sydney', position: 'Postdoctoral researcher', institutionEmail: 'rosalind@sydney.edu.au' };
const NOT_VERIFIED = /^Order \d+ cannot ship yet: its buyer has not verified their institution \(/;

/** Issue "Institution verification before shipping": submit once, staff review, paid orders ship only once approved. */
describe('Institution verification before shipping', () => {
  let mail: MailCatcher;
  let shop: TestApp;
  let admin: request.Agent;
  let productId: number;

  beforeAll(async () => {
    mail = await startMailCatcher();
    // On, as in a shop started without the setting (the harness turns it off for other suites).
    shop = await startTestApp({ env: { SMTP_URL: mail.url, VERIFY_BEFORE_SHIPPING: 'true' } });
    admin = shop.agent();
    await signInAsAdmin(admin);
    productId = (await admin.post('/api/admin/products').send({ name: 'Verification vial', sku: `VER-${Date.now()}`, price: '40.00', stock: 100 }).expect(201)).body.id as number;
  });
  afterAll(async () => {
    await shop.close();
    await mail.close();
  });

  const paidOrder = async (buyer: request.Agent, email: string): Promise<number> => {
    const order = (await buyer.post('/api/orders').send({ customerEmail: email, paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: address, items: [{ productId, quantity: 1 }] }).expect(201)).body as { id: number };
    const payment = (await buyer.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'bitcoin' }).expect(201)).body as { id: number };
    await admin.post(`/api/admin/payments/${payment.id}/confirm`).send({ transactionHash: `${order.id}`.padStart(64, 'c') }).expect(200);
    return order.id;
  };
  /** The first mail to `to` that contains `words`, once it has arrived. */
  const mailed = async (to: string, words: string): Promise<string> => {
    let found: string | undefined;
    await eventually(() => {
      found = mail.textsTo(to).find((text) => text.includes(words));
      expect(found).toBeDefined();
    });
    return found!;
  };
  const ship = (orderId: number) => admin.put(`/api/orders/${orderId}/shipping`).send({ trackingNumber: `TRK${orderId}`, shippingCarrier: 'DHL' });
  const documentPhoto = async (agent: request.Agent): Promise<string> => {
    const { uploadURL } = (await agent.post('/api/objects/upload').send({ purpose: 'support-attachment' }).expect(200)).body as { uploadURL: string };
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#1d4ed8' } }).png().toBuffer();
    await request(shop.app.getHttpServer()).put(uploadURL).set('Content-Type', 'image/png').send(png).expect(200);
    return uploadIdOf(uploadURL)!;
  };
  const queue = async (query = '') => {
    const response = await admin.get(`/api/admin/verifications${query}`).expect(200);
    return { items: response.body as VerificationView[], total: Number(response.headers['x-total-count']) };
  };

  it.each([
    [{}, VERIFICATION_MESSAGES.institutionRequired],
    [{ ...submission, institution: ' ' }, VERIFICATION_MESSAGES.institutionRequired],
    [{ ...submission, position: '' }, VERIFICATION_MESSAGES.positionRequired],
    [{ institution: 'CSIRO', position: 'Chemist' }, VERIFICATION_MESSAGES.proofRequired],
    [{ institution: 'CSIRO', position: 'Chemist', institutionEmail: '' }, VERIFICATION_MESSAGES.proofRequired],
    [{ ...submission, institutionEmail: 'not-an-address' }, VERIFICATION_MESSAGES.invalidEmail],
    [{ institution: 'CSIRO', position: 'Chemist', documentUploadId: 'photo.png' }, VERIFICATION_MESSAGES.notAnUpload],
  ])('refuses %j with 400: %s', async (body, message) => {
    const customer = shop.agent();
    await signUp(customer);
    expect((await customer.post('/api/user/verification').send(body).expect(400)).body.message).toBe(message);
    expect((await customer.get('/api/user/verification').expect(200)).body).toEqual({ required: true, verification: null });
    expect((await shop.agent().get('/api/verifications/policy').expect(200)).body).toEqual({ required: true });
  });

  it('holds an unverified buyer\'s paid order (409 saying why, the paid mail saying what is missing) until staff approve their e-mail submission', async () => {
    const buyer = shop.agent();
    const { user, fullName } = await signUp(buyer, { fullName: 'Rosalind Franklin' });
    const orderId = await paidOrder(buyer, user.email);

    expect((await ship(orderId).expect(409)).body.message).toMatch(/^Order \d+ cannot ship yet: its buyer has not verified their institution \(no verification submitted yet/);
    expect((await admin.put(`/api/orders/${orderId}/status`).send({ status: 'shipped' }).expect(409)).body.message).toMatch(NOT_VERIFIED);
    expect((await admin.put(`/api/orders/${orderId}/status`).send({ status: 'delivered' }).expect(409)).body.message).toMatch(NOT_VERIFIED);
    const paidMail = await mailed(user.email, `Payment received for order #${orderId}`);
    expect(paidMail).toContain('Before we can ship: verify your institution.');
    expect(paidMail).toMatch(/\/dashboard\/verification/);

    const mine = (await buyer.post('/api/user/verification').send(submission).expect(201)).body as MyVerificationView;
    expect(mine).toMatchObject({ required: true, verification: { id: user.id, status: 'submitted', institution: submission.institution, position: submission.position, institutionEmail: submission.institutionEmail, document: null, reason: null } });
    expect((await buyer.post('/api/user/verification').send(submission).expect(409)).body.message).toBe(VERIFICATION_MESSAGES.alreadySubmitted);
    expect((await ship(orderId).expect(409)).body.message).toMatch(/waiting for review under Customers → Verifications/);

    const waiting = await queue('?status=submitted&pageSize=200');
    expect(waiting.items.find((entry) => entry.id === user.id)).toMatchObject({ status: 'submitted', customer: { id: user.id, email: user.email, name: fullName }, institutionEmail: submission.institutionEmail });

    const approved = (await admin.post(`/api/admin/verifications/${user.id}/approve`).expect(200)).body as VerificationView;
    expect(approved).toMatchObject({ id: user.id, status: 'approved', decidedAt: expect.any(String) });
    await admin.post(`/api/admin/verifications/${user.id}/approve`).expect(200);
    expect((await admin.post(`/api/admin/verifications/${user.id}/reject`).send({ reason: 'Too late' }).expect(409)).body.message).toBe('This verification is approved already');
    expect(await mailed(user.email, 'Your institution is verified')).toContain('Your paid orders ship now');

    await ship(orderId).expect(200);
    expect((await buyer.get(`/api/orders/${orderId}`).expect(200)).body.status).toBe('shipped');
    // A later order ships as soon as it is paid.
    await ship(await paidOrder(buyer, user.email)).expect(200);
  });

  it('takes a document photo instead, private to the customer and staff; a rejection says why and lets the customer submit again', async () => {
    const buyer = shop.agent();
    const { user } = await signUp(buyer);
    const documentUploadId = await documentPhoto(buyer);
    const sent = (await buyer.post('/api/user/verification').send({ institution: 'CSIRO', position: 'Research chemist', documentUploadId }).expect(201)).body as MyVerificationView;
    const document = sent.verification!.document!;
    expect(document.thumbnailUrl).toBe(`/api/verifications/${user.id}/document/320.webp`);
    expect((await buyer.get(document.thumbnailUrl).expect(200)).headers['content-type']).toBe('image/webp');
    await admin.get(document.imageUrl).expect(200);
    const stranger = shop.agent();
    await signUp(stranger);
    await stranger.get(document.thumbnailUrl).expect(404);
    await shop.agent().get(document.thumbnailUrl).expect(401);

    expect((await admin.post(`/api/admin/verifications/${user.id}/reject`).send({ reason: ' ' }).expect(400)).body.message).toBe(VERIFICATION_MESSAGES.reasonRequired);
    const rejected = (await admin.post(`/api/admin/verifications/${user.id}/reject`).send({ reason: 'The photo does not show your name' }).expect(200)).body as VerificationView;
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'The photo does not show your name' });
    const rejection = await mailed(user.email, 'Your institution verification was not approved');
    expect(rejection).toContain('The photo does not show your name');
    expect((await admin.post(`/api/admin/verifications/${user.id}/approve`).expect(409)).body.message).toMatch(/rejected; the customer may submit a new one/);
    const orderId = await paidOrder(buyer, user.email);
    expect((await ship(orderId).expect(409)).body.message).toMatch(/rejected; they may submit a new one/);

    const again = (await buyer.post('/api/user/verification').send({ institution: 'CSIRO', position: 'Research chemist', institutionEmail: 'chem@csiro.au', documentUploadId: await documentPhoto(buyer) }).expect(201)).body as MyVerificationView;
    expect(again.verification).toMatchObject({ status: 'submitted', reason: null, institutionEmail: 'chem@csiro.au' });
    await admin.post(`/api/admin/verifications/${user.id}/approve`).expect(200);
    await ship(orderId).expect(200);

    const audit = (await admin.get(`/api/admin/audit?stream=verification-${user.id}`).expect(200)).body.entries as { type: string; summary: string }[];
    expect(audit.find((entry) => entry.type === 'InstitutionVerificationRejected')?.summary).toContain('rejected: The photo does not show your name');
    expect(audit.map((entry) => entry.type).sort()).toEqual(['InstitutionVerificationApproved', 'InstitutionVerificationRejected', 'InstitutionVerificationSubmitted', 'InstitutionVerificationSubmitted'].sort());
  });

  it("tells a cash-on-delivery buyer in the order's own mail (it is paid only at the door), and a PromptPay buyer that staff confirm the transfer", async () => {
    const buyer = shop.agent();
    const { user } = await signUp(buyer);
    const cod = (await buyer.post('/api/orders').send({ customerEmail: user.email, paymentMethod: 'cash_on_delivery', shippingMethod: 'cash_on_delivery', shippingAddress: address, items: [{ productId, quantity: 1 }] }).expect(201)).body as { id: number };
    const placed = await mailed(user.email, `Order #${cod.id} received`);
    expect(placed).toContain('Before we can ship: verify your institution.');
    await ship(cod.id).expect(409);
    const promptpay = (await buyer.post('/api/orders').send({ customerEmail: user.email, paymentMethod: 'promptpay', shippingMethod: 'regular', shippingAddress: address, items: [{ productId, quantity: 1 }] }).expect(201)).body as { id: number };
    const promptpayPlaced = await mailed(user.email, `Order #${promptpay.id} received`);
    expect(promptpayPlaced).toContain('complete the PromptPay transfer shown at checkout; our staff confirm it');
    // Paid orders learn it in the paid mail instead.
    expect(promptpayPlaced).not.toContain('Before we can ship');
  });

  it('pages and filters the queue, oldest submission first, and 404s a verification never submitted', async () => {
    const all = await queue('?pageSize=200');
    expect(all.total).toBe(all.items.length);
    const submittedAt = all.items.map((entry) => entry.submittedAt);
    expect(submittedAt).toEqual([...submittedAt].sort());
    const firstPage = await queue('?page=1&pageSize=1');
    expect(firstPage.items).toHaveLength(1);
    expect(firstPage.total).toBe(all.total);
    for (const status of ['submitted', 'approved', 'rejected'] as const) expect((await queue(`?status=${status}&pageSize=200`)).items.every((entry) => entry.status === status)).toBe(true);
    await admin.get('/api/admin/verifications?status=pending').expect(400);
    await admin.post('/api/admin/verifications/00000000-0000-4000-8000-000000000000/approve').expect(404);
    await admin.post('/api/admin/verifications/not-a-customer/approve').expect(400);
  });

  it('holds a guest\'s paid order until they sign up with its address, claim it and are verified', async () => {
    const email = `guest-${Math.random().toString(36).slice(2)}@example.com`;
    const orderId = await paidOrder(shop.agent(), email);
    expect((await ship(orderId).expect(409)).body.message).toMatch(/a guest order: the buyer must sign up with the order's e-mail address, claim the order and submit their verification/);
    // The Orders tab says why before anyone presses Mark as Shipped.
    const listed = async () => ((await admin.get(`/api/admin/orders?search=${orderId}`).expect(200)).body as { id: number; shippingHold: string | null }[]).find((order) => order.id === orderId)!;
    expect((await listed()).shippingHold).toMatch(/a guest order: the buyer must sign up/);
    const paidMail = await mailed(email, `Payment received for order #${orderId}`);
    expect(paidMail).toContain('Create an account with this e-mail address');

    const buyer = shop.agent();
    const { user } = await signUp(buyer, { email });
    const link = new URL(confirmationLinkTo(mail, email));
    await shop.agent().get(link.pathname + link.search).expect(302);
    expect((await buyer.get(`/api/orders/${orderId}`).expect(200)).body.customerId).toBe(user.id);
    expect((await ship(orderId).expect(409)).body.message).toMatch(/no verification submitted yet/);
    await buyer.post('/api/user/verification').send(submission).expect(201);
    expect((await listed()).shippingHold).toMatch(/their verification is waiting for review/);
    await admin.post(`/api/admin/verifications/${user.id}/approve`).expect(200);
    expect((await listed()).shippingHold).toBeNull();
    await ship(orderId).expect(200);
    expect((await listed()).shippingHold).toBeNull();
  });
});

describe('Institution verification turned off (VERIFY_BEFORE_SHIPPING=false)', () => {
  let shop: TestApp;
  afterAll(async () => {
    await shop.close();
  });

  it('ships an unverified buyer\'s order and tells the customer none is asked for', async () => {
    shop = await startTestApp({ env: { VERIFY_BEFORE_SHIPPING: 'false' } });
    const admin = shop.agent();
    await signInAsAdmin(admin);
    const productId = (await admin.post('/api/admin/products').send({ name: 'Unverified vial', sku: `UNV-${Date.now()}`, price: '10.00', stock: 10 }).expect(201)).body.id as number;
    const buyer = shop.agent();
    const { user } = await signUp(buyer);
    expect((await buyer.get('/api/user/verification').expect(200)).body).toEqual({ required: false, verification: null });
    expect((await shop.agent().get('/api/verifications/policy').expect(200)).body).toEqual({ required: false });
    const order = (await buyer.post('/api/orders').send({ customerEmail: user.email, paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: address, items: [{ productId, quantity: 1 }] }).expect(201)).body as { id: number };
    await admin.put(`/api/orders/${order.id}/shipping`).send({ trackingNumber: 'TRK1', shippingCarrier: 'DHL' }).expect(200);
  });
});
