import request from 'supertest';
import { signInAsAdmin, signUp, startTestApp, TestApp } from '../support/test-app';

interface Product {
  id: number;
  name: string;
  price: string;
  salePrice: string | null;
  isOnSale: boolean;
  stock: number;
}

const sydney = { firstName: 'Grace', lastName: 'Hopper', phone: '0412 345 678', address: '1 George St', city: 'Sydney', state: 'NSW', postalCode: '2000', country: 'Australia' };
const melbourne = { ...sydney, city: 'Melbourne', state: 'VIC', postalCode: '3000', phone: '03 9876 5432' };

describe('Ordering API', () => {
  let shop: TestApp;
  let products: Product[];
  let admin: request.Agent;

  beforeAll(async () => {
    shop = await startTestApp();
    products = (await shop.agent().get('/api/products').expect(200)).body;
    admin = shop.agent();
    await signInAsAdmin(admin);
  });
  afterAll(async () => {
    await shop.close();
  });

  const inStock = (minimum: number, onSale?: boolean) =>
    products.find((p) => p.stock >= minimum && (onSale === undefined || p.isOnSale === onSale))!;
  /** The default cart: the best-stocked product at full price, so earlier tests never sell it out. */
  const staple = () => [...products].filter((p) => !p.isOnSale).sort((a, b) => b.stock - a.stock)[0];

  const order = (overrides: Record<string, unknown> = {}) => ({
    customerEmail: 'grace@example.com',
    paymentMethod: 'bitcoin',
    shippingMethod: 'regular',
    shippingAddress: melbourne,
    items: [{ productId: staple().id, quantity: 2, price: staple().price }],
    ...overrides,
  });

  const cents = (amount: string) => Math.round(Number(amount) * 100);

  it('places a crypto order as a guest: server prices, pending/pending, and a WhatsApp link naming the order', async () => {
    const product = staple();
    const response = await shop.agent().post('/api/orders').send(order()).expect(201);
    expect(response.body).toMatchObject({ status: 'pending', paymentStatus: 'pending', paymentMethod: 'bitcoin', customerId: null, subtotal: (cents(product.price) * 2 / 100).toFixed(2), shippingCost: '10.00' });
    expect(response.body.totalAmount).toBe(((cents(product.price) * 2 + 1000) / 100).toFixed(2));
    expect(response.body.whatsappContactLink).toMatch(new RegExp(`^https://wa\\.me/\\d+\\?text=.*%23${response.body.id}`));
    expect(response.body.shippingAddress.country).toBe('Australia');
  });

  it('places a cash-on-delivery order in Sydney as a signed-in customer: pending, its payment pending until delivered, with $50 delivery', async () => {
    const customer = shop.agent();
    const { user } = await signUp(customer);
    const response = await customer.post('/api/orders').send(order({ paymentMethod: 'cash_on_delivery', shippingMethod: 'cash_on_delivery', shippingAddress: sydney, deliveryInstructions: 'Ring twice' })).expect(201);
    expect(response.body).toMatchObject({ status: 'pending', paymentStatus: 'pending', shippingCost: '50.00', customerId: user.id, deliveryInstructions: 'Ring twice' });
    const mine = (await customer.get('/api/customer/orders').expect(200)).body as { id: number }[];
    expect(mine.map((o) => o.id)).toEqual([response.body.id]);
  });

  it('ignores tampered prices, totals and statuses', async () => {
    const product = inStock(3, true);
    const tampered = order({
      items: [{ productId: product.id, quantity: 1, price: '0.01' }],
      totalAmount: 1,
      shippingCost: 0,
      discountAmount: 999,
      status: 'delivered',
      paymentStatus: 'confirmed',
      shippingMethod: 'express',
    });
    const { body } = await shop.agent().post('/api/orders').send(tampered).expect(201);
    expect(body.items[0].price).toBe(product.salePrice);
    expect(body).toMatchObject({ status: 'pending', paymentStatus: 'pending', shippingCost: '15.00', discountAmount: '0.00' });
    expect(body.totalAmount).toBe(((cents(product.salePrice!) + 1500) / 100).toFixed(2));
  });

  it('applies a referral code as a percentage of the subtotal, and answers unknown codes with 404', async () => {
    expect((await shop.agent().get('/api/referral-codes/research5').expect(200)).body).toEqual({ discountPercentage: 5 });
    expect((await shop.agent().get('/api/referral-codes/NOPE').expect(404)).body).toEqual({ message: 'Invalid referral code' });
    const product = staple();
    const { body } = await shop.agent().post('/api/orders').send(order({ referralCode: 'RESEARCH5' })).expect(201);
    const subtotal = cents(product.price) * 2;
    const discount = Math.floor((subtotal * 5 + 50) / 100);
    expect(body).toMatchObject({ referralCode: 'RESEARCH5', discountPercentage: 5, discountAmount: (discount / 100).toFixed(2) });
    expect(body.totalAmount).toBe(((subtotal - discount + 1000) / 100).toFixed(2));
    await shop.agent().post('/api/orders').send(order({ referralCode: 'NOPE' })).expect(404);
  });

  it('ships a regular order of A$100 or more free, as the storefront advertises, and charges express in full', async () => {
    const product = [...products].filter((p) => !p.isOnSale && cents(p.price) >= 5000 && p.stock >= 6).sort((a, b) => b.stock - a.stock)[0];
    const items = [{ productId: product.id, quantity: 2 }];
    const regular = (await shop.agent().post('/api/orders').send(order({ items })).expect(201)).body;
    expect(regular).toMatchObject({ subtotal: ((cents(product.price) * 2) / 100).toFixed(2), shippingCost: '0.00', totalAmount: ((cents(product.price) * 2) / 100).toFixed(2) });
    const express = (await shop.agent().post('/api/orders').send(order({ items, shippingMethod: 'express' })).expect(201)).body;
    expect(express.shippingCost).toBe('15.00');
  });

  it('quotes exactly what the order will cost', async () => {
    const items = [{ productId: inStock(5, true).id, quantity: 3 }];
    const quote = (await shop.agent().post('/api/checkout/quote').send({ items, shippingMethod: 'express', referralCode: 'RESEARCH5' }).expect(200)).body;
    const placed = (await shop.agent().post('/api/orders').send(order({ items, shippingMethod: 'express', referralCode: 'RESEARCH5' })).expect(201)).body;
    for (const field of ['subtotal', 'discountAmount', 'shippingCost', 'totalAmount']) expect(placed[field]).toBe(quote[field]);
    // Issue 22: prices include GST; the quote says how much, one eleventh of the total to the nearest cent.
    const totalCents = Math.round(Number(quote.totalAmount) * 100);
    expect(quote.gstIncluded).toBe((Math.floor((2 * totalCents + 11) / 22) / 100).toFixed(2));
  });

  it.each([
    [{ shippingAddress: { ...melbourne, phone: '12345' } }, /^Invalid Phone Number/],
    [{ shippingAddress: { ...melbourne, postalCode: '300' } }, /^Invalid Postcode/],
    [{ shippingAddress: { ...melbourne, state: 'XYZ' } }, /^Invalid State/],
    [{ shippingAddress: { ...melbourne, city: '' } }, /^Missing Information: Please fill in all required fields including address details\.$/],
    [{ customerEmail: '' }, /^Missing Information/],
    [{ paymentMethod: 'cash_on_delivery', shippingMethod: 'cash_on_delivery' }, /^Service Area Restriction: Cash on Delivery is only available in Sydney metropolitan area\.$/],
    [{ paymentMethod: 'cash_on_delivery', shippingMethod: 'regular', shippingAddress: sydney }, /Cash on Delivery/],
    [{ items: [] }, /^Empty Cart$/],
    [{ items: [{ productId: 1, quantity: 0 }] }, /quantity/],
  ])('refuses invalid checkout input %# with 400 and the spec message', async (overrides, message) => {
    const before = (await admin.get('/api/admin/orders').expect(200)).body.length;
    const response = await shop.agent().post('/api/orders').send(order(overrides)).expect(400);
    expect(response.body.message).toMatch(message);
    expect((await admin.get('/api/admin/orders').expect(200)).body.length).toBe(before);
  });

  it('refuses an order beyond the stock with 409 naming the product, and releases what was reserved', async () => {
    const plenty = inStock(20);
    const scarce = products.find((p) => p.stock > 0 && p.stock <= 10 && p.id !== plenty.id)!;
    const before = (await shop.agent().get(`/api/products/${plenty.id}`).expect(200)).body.stock;
    const response = await shop.agent().post('/api/orders').send(order({ items: [{ productId: plenty.id, quantity: 1 }, { productId: scarce.id, quantity: scarce.stock + 1 }] })).expect(409);
    expect(response.body.message).toContain(scarce.name);
    expect((await shop.agent().get(`/api/products/${plenty.id}`).expect(200)).body.stock).toBe(before);
  });

  it('sells exactly the stock under 50 concurrent orders, never more', async () => {
    const created = (await admin.post('/api/admin/products').send({ name: 'Contended Peptide', sku: 'CONT-1', price: '20', stock: 10 }).expect(201)).body;
    const attempts = await Promise.all(
      Array.from({ length: 50 }, () => shop.agent().post('/api/orders').send(order({ items: [{ productId: created.id, quantity: 1 }] }))),
    );
    const statuses = attempts.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    for (const refused of attempts.filter((r) => r.status === 409)) expect(refused.body.message).toEqual(expect.any(String));
    expect((await shop.agent().get(`/api/products/${created.id}`).expect(200)).body.stock).toBe(0);
  });

  it('lets an admin cancel an order, which gives its stock back', async () => {
    const product = inStock(5);
    const stock = async () => (await shop.agent().get(`/api/products/${product.id}`).expect(200)).body.stock;
    const before = await stock();
    const placed = (await shop.agent().post('/api/orders').send(order({ items: [{ productId: product.id, quantity: 2 }] })).expect(201)).body;
    expect(await stock()).toBe(before - 2);
    await shop.agent().put(`/api/orders/${placed.id}/status`).send({ status: 'cancelled' }).expect(401);
    const cancelled = (await admin.put(`/api/orders/${placed.id}/status`).send({ status: 'cancelled' }).expect(200)).body;
    expect(cancelled.status).toBe('cancelled');
    expect(await stock()).toBe(before);
    const refused = await admin.put(`/api/orders/${placed.id}/status`).send({ status: 'processing' }).expect(409);
    expect(refused.body.message).toMatch(/cancelled/);
  });

  it('ships a pending order with tracking data, and validates the shipping dialog', async () => {
    const placed = (await shop.agent().post('/api/orders').send(order()).expect(201)).body;
    const missing = await admin.put(`/api/orders/${placed.id}/shipping`).send({ trackingNumber: '', shippingCarrier: 'DHL' }).expect(400);
    expect(missing.body.message).toBe('Missing Information: Please fill in tracking number and shipping carrier.');
    const shipped = (await admin.put(`/api/orders/${placed.id}/shipping`).send({ trackingNumber: 'JD0146000012345', shippingCarrier: 'DHL', adminNotes: 'Fragile', status: 'shipped' }).expect(200)).body;
    expect(shipped).toMatchObject({ status: 'shipped', trackingNumber: 'JD0146000012345', shippingCarrier: 'DHL', adminNotes: 'Fragile' });
    expect(shipped.shippedAt).toEqual(expect.any(String));
    await admin.put(`/api/orders/${placed.id}/shipping`).send({ trackingNumber: 'X', shippingCarrier: 'DHL' }).expect(409);
  });

  it('shows an order only to its customer, the guest session that placed it, and admins', async () => {
    const guest = shop.agent();
    const placed = (await guest.post('/api/orders').send(order()).expect(201)).body;
    await guest.get(`/api/orders/${placed.id}`).expect(200);
    await guest.get(`/api/orders/${placed.id}/items`).expect(200);
    await shop.agent().get(`/api/orders/${placed.id}`).expect(404);
    const stranger = shop.agent();
    await signUp(stranger);
    await stranger.get(`/api/orders/${placed.id}`).expect(404);
    await stranger.get('/api/admin/orders').expect(403);
    await admin.get(`/api/orders/${placed.id}`).expect(200);
    await shop.agent().get('/api/customer/orders').expect(401);
  });
});
