import request from 'supertest';
import { storeDay } from '../../backend/src/ordering/contract/back-office';
import { signInAsAdmin, startTestApp, TestApp } from '../support/test-app';

const melbourne = { firstName: 'Rev', lastName: 'Enue', phone: '0412345678', address: '1 Ledger St', city: 'Melbourne', state: 'VIC', postalCode: '3000' };
const sydney = { ...melbourne, city: 'Sydney', state: 'NSW', postalCode: '2000' };

describe('Admin dashboard: one definition of every figure, on the server', () => {
  let shop: TestApp;
  let admin: request.Agent;

  beforeAll(async () => {
    shop = await startTestApp();
    admin = shop.agent();
    await signInAsAdmin(admin);
  });
  afterAll(async () => {
    await shop.close();
  });

  const place = async (paymentMethod: string, productId: number) => {
    const cashOnDelivery = paymentMethod === 'cash_on_delivery';
    const body = {
      customerEmail: 'rev@example.com',
      paymentMethod,
      shippingMethod: cashOnDelivery ? 'cash_on_delivery' : 'regular',
      shippingAddress: cashOnDelivery ? sydney : melbourne,
      items: [{ productId, quantity: 1 }],
    };
    return (await admin.post('/api/orders').send(body).expect(201)).body as { id: number; totalAmount: string; createdAt: string };
  };
  const confirmPaymentOf = async (orderId: number, hash: string) => {
    const payment = (await admin.post('/api/payments/crypto').send({ orderId, paymentMethod: 'bitcoin' }).expect(201)).body;
    await admin.post(`/api/admin/payments/${payment.id}/confirm`).send({ transactionHash: hash }).expect(200);
  };
  const cents = (amount: string) => Math.round(Number(amount) * 100);

  it('counts confirmed crypto payments of orders not cancelled, plus cash on delivery once delivered, and today in Sydney', async () => {
    const [product] = (await shop.agent().get('/api/products?sortBy=popularity').expect(200)).body as { id: number }[];
    const paid = await place('bitcoin', product.id);
    await confirmPaymentOf(paid.id, 'a'.repeat(64));
    const paidThenCancelled = await place('bitcoin', product.id);
    await confirmPaymentOf(paidThenCancelled.id, 'b'.repeat(64));
    await admin.put(`/api/orders/${paidThenCancelled.id}/status`).send({ status: 'cancelled' }).expect(200);
    const third = await place('bitcoin', product.id);
    const undelivered = await place('cash_on_delivery', product.id);
    const delivered = await place('cash_on_delivery', product.id);
    expect(delivered).toMatchObject({ paymentStatus: 'pending' });
    await admin.put(`/api/orders/${delivered.id}/status`).send({ status: 'delivered' }).expect(200);
    // The cash is collected at the door: the payment is confirmed by the delivery, not before.
    expect((await admin.get(`/api/orders/${delivered.id}`).expect(200)).body).toMatchObject({ status: 'delivered', paymentStatus: 'confirmed' });
    expect((await admin.get(`/api/orders/${undelivered.id}`).expect(200)).body).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    expect((await admin.get(`/api/orders/${delivered.id}/timeline`).expect(200)).body.at(-1)).toMatchObject({ kind: 'delivered', detail: 'Paid in cash on delivery.' });

    const dayBefore = storeDay(new Date());
    const dashboard = (await admin.get('/api/admin/dashboard').expect(200)).body;
    const dayAfter = storeDay(new Date());
    const activeProducts = ((await admin.get('/api/admin/products').expect(200)).body as { isActive: boolean }[]).filter((p) => p.isActive).length;
    // Four orders of today not cancelled; when Sydney's midnight fell among them or the dashboard's answer, those of the new day.
    const countedOn = (day: string) => [paid, undelivered, delivered, third].filter((order) => storeDay(new Date(order.createdAt)) === day).length;
    if (dayBefore === dayAfter && countedOn(dayAfter) === 4) expect(dashboard.ordersToday).toBe(4);
    else expect([countedOn(dayBefore), countedOn(dayAfter)]).toContain(dashboard.ordersToday);
    expect(dashboard).toMatchObject({
      totalProducts: activeProducts,
      cryptoPayments: paid.totalAmount,
      revenueRule: 'Confirmed crypto and PromptPay payments of orders not cancelled, plus cash on delivery once delivered, less refunds',
      storeTimeZone: 'Australia/Sydney',
    });
    expect(cents(dashboard.totalRevenue)).toBe(cents(paid.totalAmount) + cents(delivered.totalAmount));
    expect(dashboard.revenueByPaymentMethod).toMatchObject({ bitcoin: paid.totalAmount, cash_on_delivery: delivered.totalAmount, ethereum: '0.00' });
    expect(dashboard.recentOrders.map((order: { id: number }) => order.id)).toEqual([delivered.id, delivered.id - 1, delivered.id - 2, paidThenCancelled.id, paid.id]);
  });

  it('lists the referral codes with how many placed orders used each', async () => {
    const [product] = (await shop.agent().get('/api/products?sortBy=popularity').expect(200)).body as { id: number }[];
    await admin.post('/api/admin/referral-codes').send({ code: 'lab10', discountPercentage: 10 }).expect(201);
    for (const code of ['LAB10', 'lab10', 'RESEARCH5']) {
      await admin.post('/api/orders').send({ customerEmail: 'rev@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: melbourne, referralCode: code, items: [{ productId: product.id, quantity: 1 }] }).expect(201);
    }
    await admin.delete('/api/admin/referral-codes/LAB10').expect(200);
    const codes = (await admin.get('/api/admin/referral-codes').expect(200)).body as { code: string; uses: number; active: boolean; discountPercentage: number }[];
    expect(codes.find((code) => code.code === 'LAB10')).toMatchObject({ discountPercentage: 10, active: false, uses: 2 });
    expect(codes.find((code) => code.code === 'RESEARCH5')).toMatchObject({ discountPercentage: 5, active: true, uses: 1 });
  });
});
