import request from 'supertest';
import { eventually } from '../support/eventually';
import { MailCatcher, startMailCatcher } from '../support/mail-catcher';
import { signInAsAdmin, signUp, startTestApp, TestApp } from '../support/test-app';

const melbourne = { firstName: 'Ada', lastName: 'Refund', phone: '0412345678', address: '1 Ledger St', city: 'Melbourne', state: 'VIC', postalCode: '3000' };
const sydney = { ...melbourne, city: 'Sydney', state: 'NSW', postalCode: '2000' };
const CUSTOMER_ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const REFUND_TX = 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16';

interface OrderBody {
  id: number;
  totalAmount: string;
  refundedAmount: string;
  refundStatus: string;
  paymentStatus: string;
}

/** Issue 21: money given back on paid orders, full or partial, crypto to the customer's address or cash, with the stock back on sale when asked. */
describe('Refunds', () => {
  let mail: MailCatcher;
  let shop: TestApp;
  let admin: request.Agent;
  let productId: number;

  beforeAll(async () => {
    mail = await startMailCatcher();
    shop = await startTestApp({ env: { SMTP_URL: mail.url } });
    admin = shop.agent();
    await signInAsAdmin(admin);
    productId = (await admin.post('/api/admin/products').send({ name: 'Refund test peptide', sku: `REFUND-${Date.now()}`, price: '80.00', stock: 100 }).expect(201)).body.id;
  });
  afterAll(async () => {
    await shop.close();
    await mail.close();
  });

  const placePaid = async (buyer: request.Agent, email: string, quantity = 1) => {
    const order = (await buyer.post('/api/orders').send({ customerEmail: email, paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: melbourne, items: [{ productId, quantity }] }).expect(201)).body as OrderBody;
    const payment = (await buyer.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'bitcoin' }).expect(201)).body as { id: number };
    await admin.post(`/api/admin/payments/${payment.id}/confirm`).send({ transactionHash: `${order.id}`.padStart(64, 'a') }).expect(200);
    return order;
  };
  const dashboard = async () => (await admin.get('/api/admin/dashboard').expect(200)).body as { totalRevenue: string; revenueByPaymentMethod: Record<string, string> };
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  const stock = async () => ((await admin.get(`/api/products/${productId}`).expect(200)).body as { stock: number }).stock;
  const refund = (orderId: number, body: Record<string, unknown>) => admin.post(`/api/admin/orders/${orderId}/refunds`).send(body);

  it('refunds part of a paid crypto order to the address the customer gave, then the rest: the order, the revenue, the timeline and the mails follow', async () => {
    const buyer = shop.agent();
    const { user } = await signUp(buyer);
    const order = await placePaid(buyer, user.email);
    const before = await dashboard();

    const partial = (await refund(order.id, { amount: '30', reason: 'One vial arrived cracked', refundAddress: CUSTOMER_ADDRESS, txHash: REFUND_TX }).expect(201)).body as OrderBody;
    expect(partial).toMatchObject({ id: order.id, refundedAmount: '30.00', refundStatus: 'partial', paymentStatus: 'confirmed' });
    const afterPartial = await dashboard();
    expect(cents(afterPartial.totalRevenue)).toBe(cents(before.totalRevenue) - 3000);
    expect(cents(afterPartial.revenueByPaymentMethod.bitcoin)).toBe(cents(before.revenueByPaymentMethod.bitcoin) - 3000);

    const rest = (cents(order.totalAmount) - 3000) / 100;
    const full = (await refund(order.id, { amount: rest.toFixed(2), reason: 'Order returned unopened', refundAddress: CUSTOMER_ADDRESS, txHash: REFUND_TX }).expect(201)).body as OrderBody;
    expect(full).toMatchObject({ refundedAmount: order.totalAmount, refundStatus: 'full' });
    expect(cents((await dashboard()).totalRevenue)).toBe(cents(before.totalRevenue) - cents(order.totalAmount));

    // The customer reads it on the order, in its history and in two mails.
    expect((await buyer.get(`/api/orders/${order.id}`).expect(200)).body).toMatchObject({ refundedAmount: order.totalAmount, refundStatus: 'full' });
    const timeline = (await buyer.get(`/api/orders/${order.id}/timeline`).expect(200)).body as { kind: string; title: string; detail: string }[];
    expect(timeline.filter((entry) => entry.kind === 'refunded').map((entry) => entry.title)).toEqual(['Partly refunded', 'Refunded']);
    expect(timeline.at(-1)!.detail).toBe(`A$${rest.toFixed(2)} refunded: Order returned unopened. Sent in transaction ${REFUND_TX}.`);
    await eventually(() => expect(mail.textsTo(user.email).filter((text) => text.includes(`for order #${order.id}`) && text.includes('Refund of A$'))).toHaveLength(2));
    expect(mail.textsTo(user.email).some((text) => text.includes(`The whole total of A$${order.totalAmount} is now refunded.`))).toBe(true);

    // The Payments export says it beside the payment that paid the order.
    const csv = (await admin.get(`/api/admin/payments/export?search=${order.id}`).expect(200)).text.trim().split('\r\n');
    expect(csv[0].split(',').at(-1)).toBe('Refunded (AUD)');
    const row = csv.slice(1).find((line) => line.split(',')[1] === String(order.id))!;
    expect(row.split(',').at(-1)).toBe(order.totalAmount);

    // Nothing more to give back.
    expect((await refund(order.id, { amount: '1.00', reason: 'Again', refundAddress: CUSTOMER_ADDRESS, txHash: REFUND_TX }).expect(409)).body.message).toBe(`Order ${order.id} is refunded in full already`);
  });

  it('refuses more than was received, an unpaid order, a wrong address and a missing transaction, changing nothing', async () => {
    const buyer = shop.agent();
    const order = await placePaid(buyer, 'refund-limits@example.com');
    const tooMuch = ((cents(order.totalAmount) + 1) / 100).toFixed(2);
    expect((await refund(order.id, { amount: tooMuch, reason: 'Too much', refundAddress: CUSTOMER_ADDRESS, txHash: REFUND_TX }).expect(409)).body.message).toBe(`At most A$${order.totalAmount} can still be refunded on order ${order.id}`);
    expect((await refund(order.id, { amount: '5.00', reason: 'Wrong coin', refundAddress: '0x52908400098527886E0F7030069857D2E4169EE7', txHash: REFUND_TX }).expect(400)).body.message).toBe('Refund address: Invalid Bitcoin address format: expected 1…, 3… or bc1…');
    expect((await refund(order.id, { amount: '5.00', reason: 'Not sent yet', refundAddress: CUSTOMER_ADDRESS }).expect(400)).body.message).toBe('Send the refund first, then record its transaction hash');
    expect((await refund(order.id, { amount: '-5', reason: 'Negative' }).expect(400)).body.message).toMatch(/Enter the amount to refund in A\$/);
    expect((await refund(order.id, { amount: '0.00', reason: 'Nothing', refundAddress: CUSTOMER_ADDRESS, txHash: REFUND_TX }).expect(400)).body.message).toBe('The refund must be more than A$0.00');
    expect((await refund(order.id, { amount: '5.00', reason: '' }).expect(400)).body.message).toMatch(/Say why the order is refunded/);
    expect((await admin.get(`/api/orders/${order.id}`).expect(200)).body).toMatchObject({ refundedAmount: '0.00', refundStatus: 'none' });

    const unpaid = (await buyer.post('/api/orders').send({ customerEmail: 'refund-limits@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: melbourne, items: [{ productId, quantity: 1 }] }).expect(201)).body as OrderBody;
    expect((await refund(unpaid.id, { amount: '5.00', reason: 'Unpaid', refundAddress: CUSTOMER_ADDRESS, txHash: REFUND_TX }).expect(409)).body.message).toBe(`Order ${unpaid.id} has received no payment, so there is nothing to refund`);
    expect((await refund(999_999, { amount: '5.00', reason: 'No such order' }).expect(404)).body.message).toBe('Order not found');
  });

  it('puts the items back on sale when asked, once', async () => {
    const order = await placePaid(shop.agent(), 'refund-restock@example.com', 3);
    const held = await stock();
    await refund(order.id, { amount: order.totalAmount, reason: 'Returned unopened', restock: true, refundAddress: CUSTOMER_ADDRESS, txHash: REFUND_TX }).expect(201);
    expect(await stock()).toBe(held + 3);
    // A second restock has nothing left to return.
    const again = await placePaid(shop.agent(), 'refund-restock@example.com', 1);
    await refund(again.id, { amount: '1.00', reason: 'Partial, restocked', restock: true, refundAddress: CUSTOMER_ADDRESS, txHash: REFUND_TX }).expect(201);
    expect((await refund(again.id, { amount: '1.00', reason: 'Restock again', restock: true, refundAddress: CUSTOMER_ADDRESS, txHash: REFUND_TX }).expect(409)).body.message).toBe(`The items of order ${again.id} are back on sale already`);
  });

  it('refunds cash on delivery once the cash was collected, with neither address nor transaction', async () => {
    const order = (await admin.post('/api/orders').send({ customerEmail: 'refund-cod@example.com', paymentMethod: 'cash_on_delivery', shippingMethod: 'cash_on_delivery', shippingAddress: sydney, items: [{ productId, quantity: 1 }] }).expect(201)).body as OrderBody;
    expect((await refund(order.id, { amount: '10.00', reason: 'Not collected yet' }).expect(409)).body.message).toBe(`Order ${order.id} has received no payment, so there is nothing to refund`);
    await admin.put(`/api/orders/${order.id}/status`).send({ status: 'delivered' }).expect(200);
    const before = await dashboard();
    expect((await refund(order.id, { amount: '10.00', reason: 'Damaged box' }).expect(201)).body).toMatchObject({ refundedAmount: '10.00', refundStatus: 'partial' });
    expect(cents((await dashboard()).totalRevenue)).toBe(cents(before.totalRevenue) - 1000);
  });
});
