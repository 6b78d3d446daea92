import { CommandBus } from '@nestjs/cqrs';
import request from 'supertest';
import { RegisterUser } from '../../backend/src/identity/commands/public';
import { systemContext } from '../../backend/src/shared/event-sourcing/command-context';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { storeDay } from '../../backend/src/ordering/contract/back-office';
import { signInAsAdmin, signUp, startTestApp, TestApp } from '../support/test-app';

const address = { firstName: 'Page', lastName: 'Turner', phone: '0412345678', address: '1 List St', city: 'Perth', state: 'WA', postalCode: '6000' };

/** Issue 24: every list that grows with the business is paged, filtered and sorted on the server, with a total in headers. */
describe('Back-office lists a page at a time', () => {
  let shop: TestApp;
  let admin: request.Agent;
  let productId: number;
  const placed: { id: number; customerEmail: string; createdAt: string }[] = [];

  beforeAll(async () => {
    shop = await startTestApp();
    admin = shop.agent();
    await signInAsAdmin(admin);
    productId = (await admin.post('/api/admin/products').send({ name: 'Paged Peptide', sku: `PAGED-${Date.now()}`, price: '20.00', stock: 1000 }).expect(201)).body.id;
    for (let n = 0; n < 7; n += 1) {
      const customerEmail = n === 3 ? 'Needle.Haystack@Example.com' : `buyer${n}@example.com`;
      const order = (await admin.post('/api/orders').send({ customerEmail, paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: address, items: [{ productId, quantity: 1 }] }).expect(201)).body;
      placed.push({ id: order.id, customerEmail, createdAt: order.createdAt });
    }
    await admin.put(`/api/orders/${placed[1].id}/status`).send({ status: 'processing' }).expect(200);
    await admin.put(`/api/orders/${placed[2].id}/status`).send({ status: 'cancelled' }).expect(200);
  });
  afterAll(async () => {
    await shop.close();
  });

  const ids = (response: request.Response) => (response.body as { id: number }[]).map((order) => order.id);

  const newestFirst = () => [...placed].reverse().map((order) => order.id);

  it('answers the spec\'s array as the first page, newest first, with how many match in X-Total-Count', async () => {
    const first = await admin.get('/api/admin/orders?pageSize=3').expect(200);
    expect(ids(first)).toEqual(newestFirst().slice(0, 3));
    expect(first.headers).toMatchObject({ 'x-total-count': '7', 'x-total-count-is-lower-bound': 'false', 'x-page': '1', 'x-page-size': '3' });
    const last = await admin.get('/api/orders?pageSize=3&page=3').expect(200);
    expect(ids(last)).toEqual(newestFirst().slice(6));
    const beyond = await admin.get('/api/admin/orders?pageSize=3&page=4').expect(200);
    expect(beyond.body).toEqual([]);
    const plain = await admin.get('/api/admin/orders').expect(200);
    expect(ids(plain)).toEqual(newestFirst());
    expect(plain.headers['x-page-size']).toBe('50');
  });

  it('filters by status with the total the projector keeps, moving as orders change', async () => {
    const pending = await admin.get('/api/admin/orders?status=pending').expect(200);
    expect(ids(pending)).toEqual(newestFirst().filter((id) => id !== placed[1].id && id !== placed[2].id));
    expect(pending.headers['x-total-count']).toBe('5');
    expect((await admin.get('/api/admin/orders?status=cancelled').expect(200)).headers['x-total-count']).toBe('1');
    await admin.put(`/api/orders/${placed[0].id}/status`).send({ status: 'processing' }).expect(200);
    const processing = await admin.get('/api/admin/orders?status=processing').expect(200);
    expect(ids(processing)).toEqual([placed[1].id, placed[0].id]);
    expect(processing.headers['x-total-count']).toBe('2');
    expect((await admin.get('/api/admin/orders?status=pending').expect(200)).headers['x-total-count']).toBe('4');
    expect((await admin.get('/api/admin/orders/counts').expect(200)).body).toEqual({ all: 7, pending: 4, processing: 2, shipped: 0, delivered: 0, cancelled: 1 });
  });

  it('finds an order by its number (with or without #) and by part of the e-mail or name, ignoring case', async () => {
    expect(ids(await admin.get(`/api/admin/orders?search=${placed[4].id}`).expect(200))).toEqual([placed[4].id]);
    expect(ids(await admin.get(`/api/admin/orders?search=%23${placed[4].id}`).expect(200))).toEqual([placed[4].id]);
    const byEmail = await admin.get('/api/admin/orders?search=needle.hay').expect(200);
    expect(ids(byEmail)).toEqual([placed[3].id]);
    expect(byEmail.headers['x-total-count']).toBe('1');
    expect(ids(await admin.get('/api/admin/orders?search=turner').expect(200))).toEqual(newestFirst());
    expect(ids(await admin.get('/api/admin/orders?search=nobody-at-all').expect(200))).toEqual([]);
  });

  it('keeps orders placed within store days (Sydney), both included', async () => {
    // The store days the orders were placed on (one, unless Sydney's midnight fell among them).
    const days = placed.map((order) => storeDay(new Date(order.createdAt))).sort();
    const [first, last] = [days[0], days.at(-1)!];
    const tomorrow = new Date(Date.parse(`${last}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const within = await admin.get(`/api/admin/orders?from=${first}&to=${last}`).expect(200);
    expect(ids(within)).toEqual(newestFirst());
    const later = await admin.get(`/api/admin/orders?from=${tomorrow}`).expect(200);
    expect(later.body).toEqual([]);
    expect(later.headers['x-total-count']).toBe('0');
  });

  it('refuses paging and filter values it cannot answer with 400 and a message', async () => {
    for (const query of ['page=0', 'pageSize=500', 'page=x', 'status=lost', 'from=2026-13-01', 'from=2026-11-20&to=2026-11-01', 'unknown=1']) {
      const response = await admin.get(`/api/admin/orders?${query}`).expect(400);
      expect(response.body.message).toEqual(expect.any(String));
    }
  });

  it('pages a customer\'s own orders with the same headers', async () => {
    const customer = shop.agent();
    await signUp(customer);
    for (let n = 0; n < 3; n += 1) {
      await customer.post('/api/orders').send({ customerEmail: 'mine@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: address, items: [{ productId, quantity: 1 }] }).expect(201);
    }
    const page = await customer.get('/api/customer/orders?pageSize=2').expect(200);
    expect(page.body).toHaveLength(2);
    expect(page.headers['x-total-count']).toBe('3');
    expect((await customer.get('/api/customer/orders?page=2&pageSize=2').expect(200)).body).toHaveLength(1);
  });

  it('pages and filters payments on the server, and exports exactly the filtered ones as streamed CSV', async () => {
    const paymentOf = async (orderId: number, paymentMethod: string) => (await admin.post('/api/payments/crypto').send({ orderId, paymentMethod }).expect(201)).body as { id: number };
    const bitcoin = await paymentOf(placed[4].id, 'bitcoin');
    const ether = await paymentOf(placed[5].id, 'ethereum');
    await admin.post(`/api/admin/payments/${ether.id}/confirm`).send({ transactionHash: `0x${'abcdef12'.repeat(8)}` }).expect(200);

    const all = await admin.get('/api/admin/payments?pageSize=1').expect(200);
    expect(all.body.map((payment: { id: number }) => payment.id)).toEqual([ether.id]);
    expect(all.headers['x-total-count']).toBe('2');
    const byMethod = await admin.get('/api/admin/payments?method=bitcoin').expect(200);
    expect(byMethod.body.map((payment: { id: number }) => payment.id)).toEqual([bitcoin.id]);
    expect((await admin.get(`/api/admin/payments?search=${placed[4].id}`).expect(200)).body.map((payment: { id: number }) => payment.id)).toEqual([bitcoin.id]);
    expect((await admin.get('/api/admin/payments?search=ABCDEF12ABC').expect(200)).body.map((payment: { id: number }) => payment.id)).toEqual([ether.id]);
    await admin.get('/api/admin/payments?method=dogecoin').expect(400);
    // One payment at its own address, as the list shows it; an unknown one is 404.
    expect((await admin.get(`/api/admin/payments/${ether.id}`).expect(200)).body).toEqual(all.body[0]);
    expect((await admin.get('/api/admin/payments/999999').expect(404)).body).toEqual({ message: 'Payment not found' });

    const csv = await admin.get('/api/admin/payments/export?method=ethereum').expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = (csv.text as string).trim().split('\r\n');
    expect(lines[0]).toBe('Payment ID,Order ID,Payment Method,Amount (AUD),Crypto Amount,Coin,Status,Failure Reason,Transaction,Wallet Address,Created,Refunded (AUD)');
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual([ether.id]);
    expect(lines[1]).toContain('Ethereum (ETH)');
    expect((await admin.get('/api/admin/payments/export').expect(200)).text.trim().split('\r\n')).toHaveLength(3);
  });

  it('exports the whole audit log, newest first, however long, and pages it with a kept total', async () => {
    const page = await admin.get('/api/admin/audit?pageSize=5').expect(200);
    expect(page.body.entries).toHaveLength(5);
    expect(page.body.totalIsLowerBound).toBe(false);
    const csv = (await admin.get('/api/admin/audit/export').expect(200)).text.trim().split('\r\n');
    expect(csv).toHaveLength(page.body.total + 1);
    const positions = csv.slice(1).map((line) => Number(line.split(',')[0]));
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
    const orderHistory = await admin.get(`/api/admin/audit?stream=order-${placed[2].id}`).expect(200);
    expect(orderHistory.body.entries.map((entry: { type: string }) => entry.type)).toEqual(expect.arrayContaining(['OrderPlaced', 'OrderCancelled']));
    expect(orderHistory.body.total).toBe(orderHistory.body.entries.length);
  });

  it('pages the outbox, the support queue and review moderation the same way', async () => {
    const outbox = (await admin.get('/api/admin/notifications/outbox?pageSize=2').expect(200)).body;
    expect(outbox.entries).toHaveLength(2);
    expect(outbox.total).toBeGreaterThanOrEqual(7);
    const queue = await admin.get('/api/admin/support/cases?pageSize=5').expect(200);
    expect(queue.headers['x-total-count']).toBe('0');
    const reviews = await admin.get('/api/admin/reviews?pageSize=5').expect(200);
    expect(reviews.headers['x-total-count']).toEqual(expect.stringMatching(/^\d+$/));
    await admin.get('/api/admin/reviews?pageSize=0').expect(400);
  });

  it('shows fulfilment staff what to pack and where, never what it cost (issue 23); those who may see amounts see them', async () => {
    const email = `packer-${Date.now()}@example.com`;
    const { position } = await shop.app.get(CommandBus).execute(new RegisterUser('Pat Packer', email, 'secret-123', 'fulfilment', systemContext()));
    expect(await shop.app.get(ProjectionRunner).waitFor(position, ['users'])).toBe(true);
    const packer = shop.agent();
    await packer.post('/api/auth/login').send({ email, password: 'secret-123' }).expect(200);
    // An order of its own, placed last: the tests before count the seven of the set-up.
    const order = (await admin.post('/api/orders').send({ customerEmail: 'packed@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: address, items: [{ productId, quantity: 1 }] }).expect(201)).body as { id: number };
    const amounts = ['subtotal', 'discountAmount', 'shippingCost', 'totalAmount', 'refundedAmount', 'blockchainTxHash', 'referralCode'];

    const listed = (await packer.get('/api/admin/orders?pageSize=2').expect(200)).body as Record<string, unknown>[];
    const one = (await packer.get(`/api/orders/${order.id}`).expect(200)).body as Record<string, unknown> & { items: Record<string, unknown>[] };
    const items = (await packer.get(`/api/orders/${order.id}/items`).expect(200)).body as Record<string, unknown>[];
    const moved = (await packer.put(`/api/orders/${order.id}/status`).send({ status: 'processing' }).expect(200)).body as Record<string, unknown>;
    for (const order of [...listed, one, moved]) {
      expect(order).toMatchObject({ amountsHidden: true, shippingAddress: { lastName: 'Turner' } });
      for (const field of amounts) expect(order).not.toHaveProperty(field);
    }
    expect(items[0]).toMatchObject({ name: 'Paged Peptide', quantity: 1 });
    expect(items[0]).not.toHaveProperty('price');
    expect(JSON.stringify([listed, one, items, moved])).not.toMatch(/"(price|lineTotal|totalAmount)"/);

    const whole = (await admin.get(`/api/orders/${order.id}`).expect(200)).body;
    expect(whole).toMatchObject({ totalAmount: expect.any(String), items: [{ price: '20.00' }] });
    expect(whole).not.toHaveProperty('amountsHidden');
  });
});
