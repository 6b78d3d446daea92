import request from 'supertest';
import { ORDER_LIMITS } from '../../backend/src/ordering/contract/checkout-rules';
import { eventually } from '../support/eventually';
import { signInAsAdmin, startTestApp, TestApp } from '../support/test-app';

const melbourne = { firstName: 'Grace', lastName: 'Hopper', phone: '0412 345 678', address: '1 Collins St', city: 'Melbourne', state: 'VIC', postalCode: '3000' };
type Line = { productId: number; quantity: number };
type Product = { id: number; stock: number };

/**
 * Issue 20, "Hoarding": fifteen guest orders from one address once held every unit of the shop for the
 * whole payment window. With the production bounds (3 unpaid orders per buyer, 10 % of what is left of
 * a product), a buyer, known by address, e-mail and browser, holds little, and what they hold is freed
 * as soon as an order is paid or cancelled.
 */
describe('Hoarding: a buyer\'s unpaid orders are bounded', () => {
  let shop: TestApp;
  let initial: Product[];

  beforeAll(async () => {
    // The production bounds (the test app lifts them for the other suites); each test its own addresses through the trusted loopback proxy.
    shop = await startTestApp({ env: { TRUST_PROXY: 'loopback', ORDER_RATE_LIMIT: '20', UNPAID_ORDERS_PER_BUYER: '3', UNPAID_SHARE_PER_BUYER_PERCENT: '10' } });
    initial = ((await shop.agent().get('/api/products').expect(200)).body as Product[]).filter((product) => product.stock > 0);
  });
  afterAll(async () => {
    await shop.close();
  });

  const order = (client: request.Agent | request.SuperTest<request.Test>, address: string, email: string, items: Line[]) =>
    client.post('/api/orders').set('X-Forwarded-For', address).send({ customerEmail: email, paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: melbourne, items });
  const stranger = () => request(shop.app.getHttpServer());
  const stockNow = async () => new Map(((await shop.agent().get('/api/products').expect(200)).body as Product[]).map((product) => [product.id, product.stock]));
  const roomy = () => [...initial].sort((a, b) => b.stock - a.stock);

  it('replays the attack: fifteen orders from one address for the whole shop leave at least 90 % of every product to a second buyer', async () => {
    // The attack as it was: every unit of the shop spread over 15 orders within the per-order caps (20 lines, 50 of a product, 100 units).
    const left = new Map(initial.map((product) => [product.id, product.stock]));
    const greedy: Line[][] = [];
    for (let attempt = 0; attempt < 15; attempt += 1) {
      const lines: Line[] = [];
      let units = 0;
      for (const [productId, stock] of left) {
        if (lines.length === ORDER_LIMITS.lines || units === ORDER_LIMITS.units) break;
        const quantity = Math.min(stock, ORDER_LIMITS.unitsPerLine, ORDER_LIMITS.units - units);
        if (quantity === 0) continue;
        lines.push({ productId, quantity });
        left.set(productId, stock - quantity);
        units += quantity;
      }
      if (lines.length > 0) greedy.push(lines);
    }
    const attack = await Promise.all(greedy.map((items, index) => order(stranger(), '198.51.100.66', `hoarder${index}@example.com`, items)));
    for (const answer of attack) expect([201, 409]).toContain(answer.status);
    // Then orders sized to the share (10 % of each product, within the caps), all at once, up to the rate limit.
    const sized: Line[] = [];
    let sizedUnits = 0;
    for (const product of roomy().slice(0, ORDER_LIMITS.lines)) {
      const quantity = Math.min(Math.max(1, Math.floor(product.stock / 10)), ORDER_LIMITS.units - sizedUnits);
      if (quantity === 0) break;
      sized.push({ productId: product.id, quantity });
      sizedUnits += quantity;
    }
    const sly = await Promise.all(Array.from({ length: 20 - greedy.length }, (_, index) => order(stranger(), '198.51.100.66', `sly${index}@example.com`, sized)));
    const placed = [...attack, ...sly].filter((answer) => answer.status === 201);
    expect(placed.length).toBeLessThanOrEqual(3);
    for (const refused of [...attack, ...sly].filter((answer) => answer.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ message: expect.stringMatching(/unpaid order|in unpaid orders at a time|out of stock|left in stock/) });
    }

    // Held by the hoarder, from the orders' own answers: at most 10 % of each product (at least 1 unit).
    const held = new Map<number, number>();
    for (const answer of placed) for (const item of answer.body.items as Line[]) held.set(item.productId, (held.get(item.productId) ?? 0) + item.quantity);
    for (const product of initial) expect(product.stock - (held.get(product.id) ?? 0)).toBeGreaterThanOrEqual(Math.floor(product.stock * 0.9));
    await eventually(async () => {
      const now = await stockNow();
      for (const product of initial) expect(now.get(product.id)).toBeGreaterThanOrEqual(Math.floor(product.stock * 0.9));
    });

    // A real buyer elsewhere gets what they came for.
    const wanted = roomy().slice(0, ORDER_LIMITS.lines).map((product) => ({ productId: product.id, quantity: 1 }));
    await order(stranger(), '203.0.113.10', 'real.buyer@example.com', wanted).expect(201);
  });

  it('bounds one e-mail address whatever address it orders from, and tells the shopper what to do', async () => {
    const item = [{ productId: roomy()[0].id, quantity: 1 }];
    for (const address of ['198.51.100.21', '198.51.100.22', '198.51.100.23']) await order(stranger(), address, 'Same.Buyer@Example.com', item).expect(201);
    const refused = await order(stranger(), '198.51.100.24', 'same.buyer@example.com', item).expect(409);
    expect(refused.body).toEqual({ message: 'You have 3 unpaid orders. Pay or cancel one before placing another.' });
    await order(stranger(), '198.51.100.24', 'someone.else@example.com', item).expect(201);
  });

  it('bounds one browser (its session cookie) whatever address and e-mail it uses', async () => {
    const browser = shop.agent();
    const item = [{ productId: roomy()[1].id, quantity: 1 }];
    for (let index = 1; index <= 3; index += 1) await order(browser, `198.51.100.3${index}`, `browser${index}@example.com`, item).expect(201);
    const refused = await order(browser, '198.51.100.39', 'browser4@example.com', item).expect(409);
    expect(refused.body).toEqual({ message: 'You have 3 unpaid orders. Pay or cancel one before placing another.' });
    await order(shop.agent(), '198.51.100.39', 'browser4@example.com', item).expect(201);
  });

  it('lets at most the bound through when one buyer sends many orders at once', async () => {
    const item = [{ productId: roomy()[2].id, quantity: 1 }];
    const answers = await Promise.all(Array.from({ length: 8 }, () => order(stranger(), '198.51.100.44', 'at.once@example.com', item)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(5);
  });

  it('holds one product at most to its share for one buyer, over several orders', async () => {
    const product = roomy()[3];
    const now = (await stockNow()).get(product.id)!;
    const cap = Math.max(1, Math.floor(now / 10));
    const refused = await order(stranger(), '198.51.100.55', 'share@example.com', [{ productId: product.id, quantity: cap + 1 }]).expect(409);
    expect(refused.body.message).toMatch(new RegExp(`^One buyer may hold at most ${cap} of .+ in unpaid orders at a time\\. Please lower the quantity\\.$`));
    await order(stranger(), '198.51.100.55', 'share@example.com', [{ productId: product.id, quantity: cap }]).expect(201);
    const again = await order(stranger(), '198.51.100.55', 'share@example.com', [{ productId: product.id, quantity: 1 }]).expect(409);
    expect(again.body.message).toMatch(new RegExp(`^Your unpaid orders already hold ${cap} of .+Pay or cancel an unpaid order, or lower the quantity\\.$`));
  });

  it('frees the bound as soon as one of the orders is paid or cancelled', async () => {
    const admin = shop.agent();
    await signInAsAdmin(admin);
    const item = [{ productId: roomy()[4].id, quantity: 1 }];
    const placed: number[] = [];
    for (const address of ['198.51.100.61', '198.51.100.62', '198.51.100.63']) placed.push((await order(stranger(), address, 'settles@example.com', item).expect(201)).body.id);
    await order(stranger(), '198.51.100.64', 'settles@example.com', item).expect(409);

    await admin.put(`/api/orders/${placed[0]}/status`).send({ status: 'cancelled' }).expect(200);
    await order(stranger(), '198.51.100.64', 'settles@example.com', item).expect(201);
    await order(stranger(), '198.51.100.65', 'settles@example.com', item).expect(409);

    const payment = (await admin.post('/api/payments/crypto').send({ orderId: placed[1], paymentMethod: 'bitcoin' }).expect(201)).body;
    await admin.post(`/api/admin/payments/${payment.id}/confirm`).send({ transactionHash: 'd'.repeat(64) }).expect(200);
    await order(stranger(), '198.51.100.65', 'settles@example.com', item).expect(201);
  });

  it('shows staff the stock held by unpaid orders per product, and releases a hold by cancelling its order', async () => {
    const admin = shop.agent();
    await signInAsAdmin(admin);
    const product = roomy()[5];
    const before = (await stockNow()).get(product.id)!;
    type Row = { productId: number; heldUnits: number; orders: { orderId: number }[] };
    const rowOf = async () => ((await admin.get('/api/admin/stock/held').expect(200)).body.products as Row[]).find((entry) => entry.productId === product.id);
    const heldBefore = (await rowOf())?.heldUnits ?? 0;
    const held = (await order(stranger(), '198.51.100.71', 'holds@example.com', [{ productId: product.id, quantity: 2 }]).expect(201)).body;
    const paid = (await order(stranger(), '198.51.100.72', 'pays@example.com', [{ productId: product.id, quantity: 1 }]).expect(201)).body;
    const payment = (await admin.post('/api/payments/crypto').send({ orderId: paid.id, paymentMethod: 'bitcoin' }).expect(201)).body;
    await admin.post(`/api/admin/payments/${payment.id}/confirm`).send({ transactionHash: 'e'.repeat(64) }).expect(200);

    const view = (await admin.get('/api/admin/stock/held').expect(200)).body;
    const row = view.products.find((entry: Row) => entry.productId === product.id);
    expect(row.orders).toContainEqual(expect.objectContaining({ orderId: held.id, quantity: 2, paymentMethod: 'bitcoin', customerEmail: 'holds@example.com', paymentDueBy: held.paymentDueBy }));
    expect(row.orders).not.toContainEqual(expect.objectContaining({ orderId: paid.id }));
    expect(row.heldUnits).toBe(heldBefore + 2);
    expect(view.totalUnits).toBe(view.products.reduce((sum: number, entry: { heldUnits: number }) => sum + entry.heldUnits, 0));
    expect(view.complete).toBe(true);

    await admin.post(`/api/admin/orders/${paid.id}/release`).expect(409, { message: `Order ${paid.id} is paid: its stock is sold, not held` });
    const released = (await admin.post(`/api/admin/orders/${held.id}/release`).expect(200)).body;
    expect(released).toMatchObject({ id: held.id, status: 'cancelled', cancellationReason: 'Cancelled unpaid: the stock it held was released for other customers' });
    await admin.post(`/api/admin/orders/${held.id}/release`).expect(409, { message: `Order ${held.id} is cancelled: it holds no unpaid stock` });
    await eventually(async () => expect((await stockNow()).get(product.id)).toBe(before - 1));
    expect((await rowOf())?.heldUnits ?? 0).toBe(heldBefore);
    expect((await rowOf())?.orders ?? []).not.toContainEqual(expect.objectContaining({ orderId: held.id }));
    await stranger().get('/api/admin/stock/held').expect(401);
  });
});
