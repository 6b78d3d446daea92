import request from 'supertest';
import { signInAsAdmin, signUp, startTestApp, TestApp } from '../support/test-app';

const address = { firstName: 'Audrey', lastName: 'Trail', phone: '0412345678', address: '4 Ledger Ln', city: 'Hobart', state: 'TAS', postalCode: '7000' };

interface Entry {
  position: number;
  streamId: string;
  type: string;
  occurredAt: string;
  actor: { id: string | null; name: string; role: string };
  summary: string;
}

describe('Audit trail: every event, in words, with who did it and when', () => {
  let shop: TestApp;
  let admin: request.Agent;
  let adminId: string;
  let orderId: number;
  let productId: number;

  beforeAll(async () => {
    shop = await startTestApp();
    admin = shop.agent();
    await signInAsAdmin(admin);
    adminId = (await admin.get('/api/auth/user').expect(200)).body.id;
    productId = (await admin.post('/api/admin/products').send({ name: 'Audited Peptide', sku: 'AUDIT-1', price: '40.00', stock: 5 }).expect(201)).body.id;
    const shopper = shop.agent();
    await signUp(shopper, { fullName: 'Audrey Trail' });
    orderId = (await shopper.post('/api/orders').send({ customerEmail: 'audrey@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: address, items: [{ productId, quantity: 2 }] }).expect(201)).body.id;
    const payment = (await shopper.post('/api/payments/crypto').send({ orderId, paymentMethod: 'bitcoin' }).expect(201)).body;
    await admin.post(`/api/admin/payments/${payment.id}/confirm`).send({ transactionHash: 'c'.repeat(64) }).expect(200);
    await admin.put(`/api/orders/${orderId}/shipping`).send({ trackingNumber: 'AU123', shippingCarrier: 'DHL' }).expect(200);
  });
  afterAll(async () => {
    await shop.close();
  });

  it("tells an order's whole history, oldest first, with the acting person and role", async () => {
    const { entries } = (await admin.get('/api/admin/audit').query({ stream: `order-${orderId}` }).expect(200)).body as { entries: Entry[] };
    expect(entries.map((entry) => [entry.type, entry.actor.name, entry.actor.role])).toEqual([
      ['OrderSubmitted', 'Audrey Trail', 'customer'],
      ['OrderPlaced', 'Audrey Trail', 'customer'],
      ['OrderPaymentConfirmed', 'Store Admin', 'owner'],
      ['OrderShipped', 'Store Admin', 'owner'],
    ]);
    expect(entries[0].summary).toBe(`Order #${orderId} submitted: 2 × Audited Peptide; total A$90.00, bitcoin, Regular Shipping`);
    expect(entries[3].summary).toBe('Shipped with DHL, tracking AU123');
    expect(entries.every((entry) => !Number.isNaN(Date.parse(entry.occurredAt)))).toBe(true);

    const product = (await admin.get('/api/admin/audit').query({ stream: `product-${productId}` }).expect(200)).body.entries as Entry[];
    expect(product.map((entry) => entry.summary)).toEqual([
      'Product created: Audited Peptide (SKU AUDIT-1), A$40.00, stock 5, active',
      `2 held for order #${orderId}; 3 left`,
    ]);
  });

  it('searches the whole log by actor, event type and time, newest first and a page at a time', async () => {
    const shipped = (await admin.get('/api/admin/audit').query({ type: 'OrderShipped' }).expect(200)).body;
    expect(shipped).toMatchObject({ total: 1, page: 1, entries: [{ streamId: `order-${orderId}`, actor: { id: adminId, role: 'owner' } }] });

    const byAdmin = (await admin.get('/api/admin/audit').query({ actor: adminId, pageSize: 2 }).expect(200)).body;
    expect(byAdmin.entries).toHaveLength(2);
    expect(byAdmin.total).toBeGreaterThan(2);
    expect(byAdmin.entries[0].position).toBeGreaterThan(byAdmin.entries[1].position);
    expect(byAdmin.entries.every((entry: Entry) => entry.actor.id === adminId)).toBe(true);

    const seeded = (await admin.get('/api/admin/audit').query({ actor: 'system', type: 'CategoryCreated' }).expect(200)).body;
    expect(seeded.total).toBe(6);
    expect(seeded.entries[0].actor).toEqual({ id: null, name: 'System', role: 'system' });

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await admin.get('/api/admin/audit').query({ from: tomorrow }).expect(200)).body.total).toBe(0);
    const bad = await admin.get('/api/admin/audit').query({ from: 'yesterday' }).expect(400);
    expect(bad.body.message).toBe('from and to are dates (YYYY-MM-DD) or ISO instants');
  });

  it('exports what a search finds as CSV', async () => {
    const response = await admin.get('/api/admin/audit/export').query({ stream: `order-${orderId}` }).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    const lines = response.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('position,time,stream,event,actor,role,what happened,correlation id');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(',OrderShipped,Store Admin,owner,"Shipped with DHL, tracking AU123",');
  });
});
