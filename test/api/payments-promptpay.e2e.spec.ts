import { parse } from 'promptparse';
import request from 'supertest';
import { OrderSupervisor } from '../../backend/src/ordering/processes/order-supervisor';
import { parseCents } from '../../backend/src/shared/money';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { eventually } from '../support/eventually';
import { signInAsAdmin, startTestApp, TestApp } from '../support/test-app';

const address = { firstName: 'Somchai', lastName: 'Jaidee', phone: '0412345678', address: '9 Soi Lane', city: 'Brisbane', state: 'QLD', postalCode: '4000' };

describe('PromptPay payments', () => {
  let shop: TestApp;
  let admin: request.Agent;
  let sequence = 0;

  beforeAll(async () => {
    // A short window, so that expiry can be swept for; the id in its +66 form with blanks, as an operator may write it.
    shop = await startTestApp({ env: { PROMPTPAY_ID: '+66 81 222 3333', PAYMENT_WINDOW_MINUTES: '1' } });
    admin = shop.agent();
    await signInAsAdmin(admin);
  });
  afterAll(async () => {
    await shop.close();
  });

  const newProduct = async (price: string, stock: number) =>
    (await admin.post('/api/admin/products').send({ name: `PromptPay Peptide ${(sequence += 1)}`, sku: `PP-${sequence}`, price, stock }).expect(201)).body.id as number;
  const placeOrder = async (agent: request.Agent, productId: number, quantity = 1) =>
    (await agent.post('/api/orders').send({ customerEmail: 'somchai@example.com', paymentMethod: 'promptpay', shippingMethod: 'regular', shippingAddress: address, items: [{ productId, quantity }] }).expect(201)).body as {
      id: number;
      totalAmount: string;
      paymentDueBy: string;
    };
  const stockOf = async (productId: number) => (await shop.agent().get(`/api/products/${productId}`).expect(200)).body.stock as number;

  it('publishes the configured PromptPay id, in the form the QR takes', async () => {
    const { body } = await shop.agent().get('/api/wallet-addresses').expect(200);
    expect(body.promptpay).toBe('0812223333');
  });

  it('quotes a PromptPay order in baht at the spec rate, with a QR payload that decodes to the configured id and the amount', async () => {
    const guest = shop.agent();
    const order = await placeOrder(guest, await newProduct('210.00', 10));
    expect(order.totalAmount).toBe('210.00');
    const { body: payment } = await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'promptpay', cryptoAmount: '1.00', walletAddress: '0899999999' }).expect(201);
    // 210 x 0.65 / 0.0286 = 4772.7272... THB
    expect(payment).toMatchObject({ paymentMethod: 'promptpay', coin: 'THB', amount: '210.00', cryptoAmount: '4772.73', cryptoAmountUnits: '477273', walletAddress: '0812223333', rateSources: ['fixed'], status: 'pending', watched: false, addressDerivation: null });
    expect(Date.parse(payment.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);

    const qr = parse(payment.paymentUri, true);
    expect(qr).not.toBeNull();
    expect(qr!.validate('63')).toBe(true);
    expect(qr!.getTagValue('29', '00')).toBe('A000000677010111');
    expect(qr!.getTagValue('29', '01')).toBe('0066812223333');
    expect(qr!.getTagValue('53')).toBe('764');
    expect(qr!.getTagValue('54')).toBe('4772.73');
    expect(qr!.getTagValue('58')).toBe('TH');

    const settings = (await admin.get('/api/admin/payments/settings').expect(200)).body;
    expect(settings.coins.promptpay).toBe('fixed');
    expect(settings.confirmation.promptpay).toEqual({ mode: 'manual', confirmations: null });
  });

  it('stays pending until staff confirm it with the bank reference; the order is then paid and counted under promptpay', async () => {
    const dashboard = async () => (await admin.get('/api/admin/dashboard').expect(200)).body as { revenueByPaymentMethod: Record<string, string>; cryptoPayments: string };
    const before = await dashboard();
    expect(before.revenueByPaymentMethod).toHaveProperty('promptpay');
    const guest = shop.agent();
    const order = await placeOrder(guest, await newProduct('120.00', 10));
    const payment = (await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'promptpay' }).expect(201)).body;
    expect((await guest.get(`/api/payments/${payment.id}/status`).expect(200)).body).toMatchObject({ status: 'pending', transfers: [] });

    const reference = '202611271430KBANK-0001234';
    const confirmed = (await admin.post(`/api/admin/payments/${payment.id}/confirm`).send({ transactionHash: reference }).expect(200)).body;
    expect(confirmed).toMatchObject({ status: 'confirmed', blockchainTxHash: reference });
    expect((await guest.get(`/api/orders/${order.id}`).expect(200)).body).toMatchObject({ paymentStatus: 'confirmed', status: 'processing' });

    await eventually(async () => {
      const after = await dashboard();
      expect(parseCents(after.revenueByPaymentMethod.promptpay) - parseCents(before.revenueByPaymentMethod.promptpay)).toBe(parseCents(order.totalAmount));
      // A bank transfer is not a crypto payment.
      expect(after.cryptoPayments).toBe(before.cryptoPayments);
    });
  });

  it('expires an unpaid PromptPay order when its payment window ends and releases its stock, as for crypto', async () => {
    const productId = await newProduct('10.00', 10);
    const guest = shop.agent();
    const order = await placeOrder(guest, productId, 4);
    expect(await stockOf(productId)).toBe(6);
    const payment = (await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'promptpay' }).expect(201)).body;
    // The quote takes the one-minute window to its own end, once, as a crypto quote does.
    await eventually(async () => expect((await guest.get(`/api/orders/${order.id}`).expect(200)).body.paymentDueBy).toBe(payment.expiresAt));
    const dueBy = Date.parse(payment.expiresAt);

    const supervisor = shop.app.get(OrderSupervisor);
    await supervisor.sweep(0, new Date(dueBy - 1000));
    expect((await guest.get(`/api/orders/${order.id}`).expect(200)).body.status).toBe('pending');
    const { expired } = await supervisor.sweep(0, new Date(dueBy + 1000));
    expect(expired).toBeGreaterThanOrEqual(1);
    await shop.app.get(ProjectionRunner).catchUp();
    expect((await guest.get(`/api/orders/${order.id}`).expect(200)).body).toMatchObject({ status: 'cancelled', cancellationReason: 'The payment window ended before the order was paid' });
    expect(await stockOf(productId)).toBe(10);
    expect((await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'promptpay' }).expect(409)).body.message).toMatch(/cancelled/);
  });
});

describe('PromptPay payments: a shop without a PromptPay id', () => {
  let shop: TestApp;

  beforeAll(async () => {
    shop = await startTestApp({ env: { PROMPTPAY_ID: 'off' } });
  });
  afterAll(async () => {
    await shop.close();
  });

  it('does not offer PromptPay: no id published, an order and a quote in it are refused with a clear 409', async () => {
    const admin = shop.agent();
    await signInAsAdmin(admin);
    const productId = (await admin.post('/api/admin/products').send({ name: 'No PromptPay Peptide', sku: 'NPP-1', price: '50.00', stock: 5 }).expect(201)).body.id;
    expect((await shop.agent().get('/api/wallet-addresses').expect(200)).body.promptpay).toBeNull();
    const guest = shop.agent();
    const placed = await guest.post('/api/orders').send({ customerEmail: 'a@example.com', paymentMethod: 'promptpay', shippingMethod: 'regular', shippingAddress: address, items: [{ productId, quantity: 1 }] }).expect(409);
    expect(placed.body.message).toBe('PromptPay is not offered by this shop: choose another payment method');
    const order = (await guest.post('/api/orders').send({ customerEmail: 'a@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: address, items: [{ productId, quantity: 1 }] }).expect(201)).body;
    const refused = await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'promptpay' }).expect(409);
    expect(refused.body.message).toBe('PromptPay is not offered by this shop: choose another payment method');
    await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'bitcoin' }).expect(201);
  });
});
