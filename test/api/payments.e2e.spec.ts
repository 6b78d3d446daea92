import request from 'supertest';
import { parseCents } from '../../backend/src/shared/money';
import { eventually } from '../support/eventually';
import { signInAsAdmin, signUp, startTestApp, TestApp } from '../support/test-app';

const address = { firstName: 'Marie', lastName: 'Curie', phone: '0412345678', address: '5 Rue St', city: 'Brisbane', state: 'QLD', postalCode: '4000' };

describe('Payments API', () => {
  let shop: TestApp;
  let admin: request.Agent;
  let productId: number;

  beforeAll(async () => {
    shop = await startTestApp();
    admin = shop.agent();
    await signInAsAdmin(admin);
    productId = (await admin.post('/api/admin/products').send({ name: 'Payment Test Peptide', sku: 'PAY-1', price: '210.00', stock: 100 }).expect(201)).body.id;
  });
  afterAll(async () => {
    await shop.close();
  });

  const placeOrder = async (agent: request.Agent, paymentMethod = 'bitcoin') =>
    (await agent.post('/api/orders').send({ customerEmail: 'marie@example.com', paymentMethod, shippingMethod: 'regular', shippingAddress: address, items: [{ productId, quantity: 1 }] }).expect(201)).body as { id: number; totalAmount: string };

  it('publishes a validated wallet address per payment method', async () => {
    const { body } = await shop.agent().get('/api/wallet-addresses').expect(200);
    expect(Object.keys(body).sort()).toEqual(['bitcoin', 'ethereum', 'promptpay', 'usdc', 'usdt-erc20', 'usdt-trc20']);
    // The demo's PromptPay id (PROMPTPAY_ID unset).
    expect(body.promptpay).toBe('0800000000');
    expect(body.bitcoin).toMatch(/^(bc1|[13])/);
    expect(body['usdt-trc20']).toMatch(/^T/);
    expect(body.ethereum).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it('quotes the order total in the chosen coin with the spec rates, ignoring the client amounts', async () => {
    const guest = shop.agent();
    const order = await placeOrder(guest);
    // A$210 with regular shipping, free from A$100.
    expect(order.totalAmount).toBe('210.00');
    const { body } = await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'bitcoin', amount: '0.01', cryptoAmount: '0.000001', walletAddress: 'bc1qattacker' }).expect(201);
    // 210 x 0.65 / 112611 = 0.0012121...
    expect(body).toMatchObject({ orderId: order.id, paymentMethod: 'bitcoin', amount: '210.00', cryptoAmount: '0.001212', status: 'pending' });
    expect(body.walletAddress).toBe((await shop.agent().get('/api/wallet-addresses')).body.bitcoin);
    expect(body.paymentUri).toBe(`bitcoin:${body.walletAddress}?amount=0.001212`);
    expect(new Date(body.expiresAt).getTime() - Date.now()).toBeGreaterThan(14 * 60 * 1000);

    const eth = (await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'ethereum' }).expect(201)).body;
    expect(eth.cryptoAmount).toBe('0.0318');
    expect(eth.paymentUri).toBe(`ethereum:${eth.walletAddress}@1?value=31800000000000000`);
    const usdc = (await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'usdc' }).expect(201)).body;
    expect(usdc.cryptoAmount).toBe('136.51');
    expect(usdc.paymentUri).toMatch(/^ethereum:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48@1\/transfer\?address=0x[0-9a-fA-F]{40}&uint256=136510000$/);
    const trc = (await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'usdt-trc20' }).expect(201)).body;
    expect(trc.paymentUri).toBe(trc.walletAddress);
  });

  it('returns the open quote again instead of creating a second payment for the same coin', async () => {
    const guest = shop.agent();
    const order = await placeOrder(guest);
    const first = (await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'bitcoin' }).expect(201)).body;
    const again = (await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'bitcoin' }).expect(201)).body;
    expect(again.id).toBe(first.id);
  });

  it('closes the earlier quote when the shopper chooses another coin, so only one address is payable', async () => {
    const guest = shop.agent();
    const order = await placeOrder(guest);
    const btc = (await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'bitcoin' }).expect(201)).body;
    const eth = (await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'ethereum' }).expect(201)).body;
    const closed = (await guest.get(`/api/payments/${btc.id}/status`).expect(200)).body;
    expect(closed).toMatchObject({ status: 'failed', failureReason: `Quote closed: the shopper chose ethereum instead (payment #${eth.id})` });
    expect((await guest.get(`/api/payments/${eth.id}/status`).expect(200)).body.status).toBe('pending');
    // The closed quote is not a failed order payment: the order still waits for its current one.
    const orders = (await admin.get('/api/admin/orders').expect(200)).body as { id: number; paymentStatus: string }[];
    expect(orders.find((entry) => entry.id === order.id)!.paymentStatus).toBe('pending');
    await admin.post(`/api/admin/payments/${btc.id}/confirm`).send({ transactionHash: 'a'.repeat(64) }).expect(409);
    // Choosing bitcoin again makes a new quote rather than reopening the closed one.
    const again = (await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'bitcoin' }).expect(201)).body;
    expect(again.id).not.toBe(btc.id);
    expect((await guest.get(`/api/payments/${eth.id}/status`).expect(200)).body.status).toBe('failed');
    const audit = (await admin.get('/api/admin/audit').query({ stream: `payment-${btc.id}` }).expect(200)).body;
    expect(JSON.stringify(audit)).toContain('Quote closed: the shopper chose ethereum instead');
  });

  it('counts an order placed as Bitcoin and paid in USDC under USDC, on the dashboard and the Payments tab', async () => {
    const revenue = async () => (await admin.get('/api/admin/dashboard').expect(200)).body.revenueByPaymentMethod as Record<string, string>;
    const before = await revenue();
    const guest = shop.agent();
    const order = await placeOrder(guest);
    const usdc = (await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'usdc' }).expect(201)).body;
    await admin.post(`/api/admin/payments/${usdc.id}/confirm`).send({ transactionHash: 'c'.repeat(64) }).expect(200);
    const after = await revenue();
    expect(parseCents(after.usdc) - parseCents(before.usdc)).toBe(parseCents(order.totalAmount));
    expect(after.bitcoin).toBe(before.bitcoin);
  });

  it('lets only the order\'s owner or its guest session create and read its payment', async () => {
    const customer = shop.agent();
    await signUp(customer);
    const order = await placeOrder(customer);
    const payment = (await customer.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'ethereum' }).expect(201)).body;
    await customer.get(`/api/payments/${payment.id}/status`).expect(200);
    const other = shop.agent();
    await signUp(other);
    await other.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'ethereum' }).expect(404);
    await other.get(`/api/payments/${payment.id}/status`).expect(404);
    await shop.agent().get(`/api/payments/${payment.id}/status`).expect(404);
    await shop.agent().get('/api/admin/payments').expect(401);
    await customer.get('/api/admin/payments').expect(403);
  });

  it('refuses a crypto payment for a cash-on-delivery order and validates the payload', async () => {
    const guest = shop.agent();
    const sydney = { ...address, city: 'Sydney', state: 'NSW', postalCode: '2000' };
    const cod = (await guest.post('/api/orders').send({ customerEmail: 'a@example.com', paymentMethod: 'cash_on_delivery', shippingMethod: 'cash_on_delivery', shippingAddress: sydney, items: [{ productId, quantity: 1 }] }).expect(201)).body;
    expect((await guest.post('/api/payments/crypto').send({ orderId: cod.id, paymentMethod: 'bitcoin' }).expect(409)).body.message).toMatch(/on delivery/);
    await guest.post('/api/payments/crypto').send({ orderId: cod.id, paymentMethod: 'dogecoin' }).expect(400);
    await guest.post('/api/payments/crypto').send({ orderId: 'one', paymentMethod: 'bitcoin' }).expect(400);
  });

  it('confirms a payment by an administrator: payment confirmed, order paid and processing', async () => {
    const guest = shop.agent();
    const order = await placeOrder(guest);
    const payment = (await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'bitcoin' }).expect(201)).body;
    const hash = 'a'.repeat(64);
    await guest.post(`/api/admin/payments/${payment.id}/confirm`).send({ transactionHash: hash }).expect(401);
    await admin.post(`/api/admin/payments/${payment.id}/confirm`).send({ transactionHash: 'x' }).expect(400);
    const confirmed = (await admin.post(`/api/admin/payments/${payment.id}/confirm`).send({ transactionHash: hash }).expect(200)).body;
    expect(confirmed).toMatchObject({ status: 'confirmed', blockchainTxHash: hash });
    expect((await guest.get(`/api/payments/${payment.id}/status`).expect(200)).body.status).toBe('confirmed');
    expect((await guest.get(`/api/orders/${order.id}`).expect(200)).body).toMatchObject({ paymentStatus: 'confirmed', status: 'processing', blockchainTxHash: hash });
    await admin.post(`/api/admin/payments/${payment.id}/confirm`).send({ transactionHash: hash }).expect(200);
    await admin.post(`/api/admin/payments/${payment.id}/confirm`).send({ transactionHash: 'b'.repeat(64) }).expect(409);
    await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'ethereum' }).expect(409);
    const listed = (await admin.get('/api/admin/payments').expect(200)).body as { id: number }[];
    expect(listed.some((p) => p.id === payment.id)).toBe(true);
  });

  it('marks a payment failed: the order shows the failed payment', async () => {
    const guest = shop.agent();
    const order = await placeOrder(guest);
    const payment = (await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'usdt-erc20' }).expect(201)).body;
    const failed = (await admin.post(`/api/admin/payments/${payment.id}/fail`).send({ reason: 'No transfer received' }).expect(200)).body;
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'No transfer received' });
    expect((await guest.get(`/api/orders/${order.id}`).expect(200)).body.paymentStatus).toBe('failed');
    await admin.post(`/api/admin/payments/${payment.id}/confirm`).send({ transactionHash: 'c'.repeat(64) }).expect(409);
    await admin.post('/api/admin/payments/99999/confirm').send({ transactionHash: 'c'.repeat(64) }).expect(404);
  });
});

describe('Payments API: the payment window follows the quote, once', () => {
  let shop: TestApp;
  let productId: number;

  beforeAll(async () => {
    // A window shorter than a quote: the first quote already outlasts it.
    shop = await startTestApp({ env: { PAYMENT_WINDOW_MINUTES: '1' } });
    const admin = shop.agent();
    await signInAsAdmin(admin);
    productId = (await admin.post('/api/admin/products').send({ name: 'Window Test Peptide', sku: 'WIN-1', price: '120.00', stock: 10 }).expect(201)).body.id;
  });
  afterAll(async () => {
    await shop.close();
  });

  it('extends the order\'s window to a quote\'s end once; later quotes end with the window', async () => {
    const guest = shop.agent();
    const order = (await guest.post('/api/orders').send({ customerEmail: 'window@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: address, items: [{ productId, quantity: 1 }] }).expect(201)).body;
    expect(Date.parse(order.paymentDueBy) - Date.now()).toBeLessThan(61_000);
    const btc = (await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'bitcoin' }).expect(201)).body;
    expect(Date.parse(btc.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    // The orders read model follows the order's stream shortly after.
    await eventually(async () => expect((await guest.get(`/api/orders/${order.id}`).expect(200)).body.paymentDueBy).toBe(btc.expiresAt));

    // Another coin: a new quote, but the window is extended only once, so the quote ends with it.
    const eth = (await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'ethereum' }).expect(201)).body;
    expect(eth.expiresAt).toBe(btc.expiresAt);
    expect((await guest.get(`/api/orders/${order.id}`).expect(200)).body.paymentDueBy).toBe(btc.expiresAt);

    const timeline = (await guest.get(`/api/orders/${order.id}/timeline`).expect(200)).body as { title: string }[];
    expect(timeline.filter((entry) => entry.title === 'More time to pay')).toHaveLength(1);
    const admin = shop.agent();
    await signInAsAdmin(admin);
    const audit = (await admin.get('/api/admin/audit').query({ stream: `order-${order.id}` }).expect(200)).body;
    expect(JSON.stringify(audit)).toContain('Payment window extended once');
  });
});
