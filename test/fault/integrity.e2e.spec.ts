import request from 'supertest';
import { productDecider } from '../../backend/src/catalogue/domain/product.decider';
import { productStream } from '../../backend/src/catalogue/contract/catalogue.events';
import { ORDER_LIMITS } from '../../backend/src/ordering/contract/checkout-rules';
import { OrderSupervisor } from '../../backend/src/ordering/processes/order-supervisor';
import { StreamExecutor } from '../../backend/src/shared/event-sourcing/stream-executor';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { signInAsAdmin, startTestApp, TestApp } from '../support/test-app';

const address = { firstName: 'Ines', lastName: 'Tegrity', phone: '0412345678', address: '8 Ledger Ln', city: 'Darwin', state: 'NT', postalCode: '0800' };
const orderOf = (items: { productId: number; quantity: number }[], paymentMethod = 'bitcoin') => ({
  customerEmail: 'ines@example.com',
  paymentMethod,
  shippingMethod: 'regular',
  shippingAddress: address,
  items,
});

describe('Integrity under concurrency: stock, settlement, unique SKUs, payment windows and limits', () => {
  let shop: TestApp;
  let admin: request.Agent;
  let sequence = 0;

  beforeAll(async () => {
    shop = await startTestApp({ env: { PAYMENT_WINDOW_MINUTES: '1' } });
    admin = shop.agent();
    await signInAsAdmin(admin);
  });
  afterAll(async () => {
    await shop.close();
  });

  const newProduct = async (stock: number) =>
    (await admin.post('/api/admin/products').send({ name: `Integrity ${(sequence += 1)}`, sku: `INT-${sequence}`, price: '10.00', stock }).expect(201)).body as { id: number; name: string };
  const stockOf = async (productId: number) => (await shop.agent().get(`/api/products/${productId}`).expect(200)).body.stock as number;
  /** The product as its own stream has it: the write side's truth, not a read model. */
  const productState = async (productId: number) => (await shop.app.get(StreamExecutor).load(productStream(productId), productDecider)).state;

  it('leaves stock exactly at the initial stock minus live reservations after concurrent orders and cancellations on one product', async () => {
    const initial = 500;
    const product = await newProduct(initial);
    const place = (quantity: number) => shop.agent().post('/api/orders').send(orderOf([{ productId: product.id, quantity }]));
    const first = await Promise.all(Array.from({ length: 40 }, (_, i) => place(1 + (i % 3))));
    expect(first.map((response) => response.status)).toEqual(first.map(() => 201));

    const toCancel = first.slice(0, 20).map((response) => response.body.id as number);
    // Each cancellation is sent twice at once, among more orders of the same product.
    const [cancellations, second] = await Promise.all([
      Promise.all([...toCancel, ...toCancel].map((orderId) => admin.put(`/api/orders/${orderId}/status`).send({ status: 'cancelled' }))),
      Promise.all(Array.from({ length: 40 }, (_, i) => place(1 + (i % 2)))),
    ]);
    expect(cancellations.map((response) => response.status)).toEqual(cancellations.map(() => 200));
    expect(second.map((response) => response.status)).toEqual(second.map(() => 201));

    const live = [...first.slice(20), ...second].map((response) => response.body as { id: number; items: { quantity: number }[] });
    const held = live.reduce((sum, order) => sum + order.items[0].quantity, 0);
    // An answer waits for the orders read model only; the catalogue's may be a moment behind after a burst.
    await shop.app.get(ProjectionRunner).catchUp();
    expect(await stockOf(product.id)).toBe(initial - held);
    const state = await productState(product.id);
    expect(state.stock).toBe(initial - held);
    expect(Object.keys(state.reservations).map(Number).sort((a, b) => a - b)).toEqual(live.map((order) => order.id).sort((a, b) => a - b));

    // Cancelling again gives back nothing more.
    await admin.put(`/api/orders/${toCancel[0]}/status`).send({ status: 'cancelled' }).expect(200);
    expect(await stockOf(product.id)).toBe(initial - held);
  }, 60_000);

  it('refuses to confirm a payment for a cancelled order, and a second payment of a paid order, writing nothing to the payment', async () => {
    const product = await newProduct(20);
    const shopper = shop.agent();
    const placed = (await shopper.post('/api/orders').send(orderOf([{ productId: product.id, quantity: 1 }])).expect(201)).body;
    const bitcoin = (await shopper.post('/api/payments/crypto').send({ orderId: placed.id, paymentMethod: 'bitcoin' }).expect(201)).body;
    const ether = (await shopper.post('/api/payments/crypto').send({ orderId: placed.id, paymentMethod: 'ethereum' }).expect(201)).body;

    // Choosing ether closed the bitcoin quote: only the current payment can pay the order, and only once.
    await admin.post(`/api/admin/payments/${ether.id}/confirm`).send({ transactionHash: 'a'.repeat(64) }).expect(200);
    const twice = await admin.post(`/api/admin/payments/${bitcoin.id}/confirm`).send({ transactionHash: 'b'.repeat(64) }).expect(409);
    expect(twice.body.message).toMatch(/has failed/);
    expect((await shopper.get(`/api/payments/${bitcoin.id}/status`).expect(200)).body).toMatchObject({ status: 'failed', transactionId: null, failureReason: expect.stringMatching(/^Quote closed/) });
    expect((await shopper.get(`/api/orders/${placed.id}`).expect(200)).body).toMatchObject({ paymentStatus: 'confirmed', paymentId: ether.id });
    // The order itself refuses a second payment once paid, even one still open: a new quote cannot even be asked for.
    const again = await shopper.post('/api/payments/crypto').send({ orderId: placed.id, paymentMethod: 'bitcoin' }).expect(409);
    expect(again.body.message).toMatch(/already paid/);

    const cancelledOrder = (await shopper.post('/api/orders').send(orderOf([{ productId: product.id, quantity: 1 }])).expect(201)).body;
    const payment = (await shopper.post('/api/payments/crypto').send({ orderId: cancelledOrder.id, paymentMethod: 'bitcoin' }).expect(201)).body;
    await admin.put(`/api/orders/${cancelledOrder.id}/status`).send({ status: 'cancelled' }).expect(200);
    const refused = await admin.post(`/api/admin/payments/${payment.id}/confirm`).send({ transactionHash: 'c'.repeat(64) }).expect(409);
    expect(refused.body.message).toMatch(/cancelled/);
    expect((await shopper.get(`/api/payments/${payment.id}/status`).expect(200)).body.status).toBe('pending');
    expect((await shopper.get(`/api/orders/${cancelledOrder.id}`).expect(200)).body).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });
  });

  it('gives one SKU to one product when admins create it at once, and keeps every projector and command going', async () => {
    const sku = `HOT-SKU-${Date.now()}`;
    const attempts = await Promise.all(
      Array.from({ length: 10 }, (_, i) => admin.post('/api/admin/products').send({ name: `Twin ${i}`, sku: i % 2 ? sku.toLowerCase() : sku, price: '10.00', stock: 1 })),
    );
    const created = attempts.filter((response) => response.status === 201);
    expect(created).toHaveLength(1);
    for (const refused of attempts.filter((response) => response.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(new RegExp(`^A product with SKU ${sku} already exists$`, 'i'));
    }
    await admin.get(`/api/admin/products/${created[0].body.id}`).expect(200);

    // Renaming two products to one SKU at once: one of them gets it.
    const [a, b] = [await newProduct(1), await newProduct(1)];
    const renamed = `RENAMED-${Date.now()}`;
    const renames = await Promise.all([a, b].map((product) => admin.put(`/api/admin/products/${product.id}`).send({ name: product.name, sku: renamed, price: '10.00', stock: 1 })));
    expect(renames.map((response) => response.status).sort()).toEqual([200, 409]);

    // The projectors carried on: a new product is read back at once (201, not 202 for a projection that did not catch up).
    await newProduct(1);
    const ready = (await admin.get('/api/health/ready').expect(200)).body;
    expect(ready).toMatchObject({ status: 'ready', parkedEvents: [] });
  });

  it('expires an unpaid crypto order when its payment window ends, releasing its stock with the reason, and shows the deadline', async () => {
    const product = await newProduct(10);
    const shopper = shop.agent();
    const before = Date.now();
    const unpaid = (await shopper.post('/api/orders').send(orderOf([{ productId: product.id, quantity: 4 }])).expect(201)).body;
    const dueBy = Date.parse(unpaid.paymentDueBy);
    expect(dueBy).toBeGreaterThanOrEqual(before + 60_000);
    expect(dueBy).toBeLessThanOrEqual(Date.now() + 60_000);
    const cashOnDelivery = (
      await shopper.post('/api/orders').send({ ...orderOf([{ productId: product.id, quantity: 1 }], 'cash_on_delivery'), shippingMethod: 'cash_on_delivery', shippingAddress: { ...address, city: 'Sydney', state: 'NSW', postalCode: '2000' } }).expect(201)
    ).body;
    expect(cashOnDelivery.paymentDueBy).toBeNull();
    expect(await stockOf(product.id)).toBe(5);

    const supervisor = shop.app.get(OrderSupervisor);
    await supervisor.sweep(0, new Date(dueBy - 1000));
    expect((await shopper.get(`/api/orders/${unpaid.id}`).expect(200)).body.status).toBe('pending');

    const { expired } = await supervisor.sweep(0, new Date(dueBy + 1000));
    expect(expired).toBeGreaterThanOrEqual(1);
    await shop.app.get(ProjectionRunner).catchUp();
    const after = (await shopper.get(`/api/orders/${unpaid.id}`).expect(200)).body;
    expect(after).toMatchObject({ status: 'cancelled', cancellationReason: 'The payment window ended before the order was paid' });
    expect(await stockOf(product.id)).toBe(9);
    expect((await shopper.get(`/api/orders/${cashOnDelivery.id}`).expect(200)).body.status).toBe('pending');
    const late = await shopper.post('/api/payments/crypto').send({ orderId: unpaid.id, paymentMethod: 'bitcoin' }).expect(409);
    expect(late.body.message).toMatch(/cancelled/);
  });

  it('limits the lines and units of one order with a clear 400', async () => {
    const products = await Promise.all(Array.from({ length: ORDER_LIMITS.lines + 1 }, () => newProduct(500)));
    const tooManyLines = await shop.agent().post('/api/orders').send(orderOf(products.map((p) => ({ productId: p.id, quantity: 1 })))).expect(400);
    expect(tooManyLines.body.message).toBe(`An order can hold at most ${ORDER_LIMITS.lines} different products`);
    const split = [{ productId: products[0].id, quantity: 30 }, { productId: products[0].id, quantity: 30 }];
    const tooManyOfOne = await shop.agent().post('/api/checkout/quote').send({ items: split }).expect(400);
    expect(tooManyOfOne.body.message).toBe(`An order can hold at most ${ORDER_LIMITS.unitsPerLine} units of one product`);
    const tooMany = await shop.agent().post('/api/orders').send(orderOf(products.slice(0, 3).map((p) => ({ productId: p.id, quantity: 40 })))).expect(400);
    expect(tooMany.body.message).toBe(`An order can hold at most ${ORDER_LIMITS.units} units in total`);
    expect(await stockOf(products[0].id)).toBe(500);
  });
});

describe('Order placement rate limit per client', () => {
  let shop: TestApp;

  beforeAll(async () => {
    shop = await startTestApp({ env: { ORDER_RATE_LIMIT: '2' } });
  });
  afterAll(async () => {
    await shop.close();
  });

  it('answers 429 with a clear message once a client has placed its orders for the next ten minutes', async () => {
    const [product] = (await shop.agent().get('/api/products?sortBy=popularity').expect(200)).body as { id: number }[];
    const place = () => shop.agent().post('/api/orders').send(orderOf([{ productId: product.id, quantity: 1 }]));
    await place().expect(201);
    await place().expect(201);
    const refused = await place().expect(429);
    expect(refused.body.message).toMatch(/^Too many orders from this address\. Please try again in \d+ minutes?\.$/);
  });
});
