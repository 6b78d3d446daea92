import sharp from 'sharp';
import request from 'supertest';
import { eventually } from '../support/eventually';
import { MailCatcher, startMailCatcher } from '../support/mail-catcher';
import { signInAsAdmin, signUp, startTestApp, TestApp } from '../support/test-app';

const melbourne = { firstName: 'Rita', lastName: 'Return', phone: '0412345678', address: '1 Ledger St', city: 'Melbourne', state: 'VIC', postalCode: '3000' };
const CUSTOMER_ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const REFUND_TX = 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16';

interface ReturnBody {
  status: string;
  amount: string;
  lines: { productId: number; name: string; quantity: number; amount: string }[];
  reason: string;
  photos: { id: string; thumbnailUrl: string; imageUrl: string }[];
  staffNote: string | null;
}
interface OrderBody {
  id: number;
  totalAmount: string;
  status: string;
  deliveredAt: string | null;
  refundStatus: string;
  returnRequest: ReturnBody | null;
}

/** Issue 21: a delivered order's items go back by the `/returns` policy: the buyer asks, staff authorize, receive and refund; each step mailed, in the timeline and in the audit log. */
describe('Returns after delivery', () => {
  let mail: MailCatcher;
  let shop: TestApp;
  let admin: request.Agent;
  let vials: number;
  let swabs: number;

  beforeAll(async () => {
    mail = await startMailCatcher();
    shop = await startTestApp({ env: { SMTP_URL: mail.url } });
    admin = shop.agent();
    await signInAsAdmin(admin);
    const product = async (name: string, price: string) => (await admin.post('/api/admin/products').send({ name, sku: `RET-${name.replace(/\W/g, '')}-${Date.now()}`, price, stock: 50 }).expect(201)).body.id as number;
    vials = await product('Return vial', '60.00');
    swabs = await product('Return swabs', '15.00');
  });
  afterAll(async () => {
    await shop.close();
    await mail.close();
  });

  const deliveredOrder = async (buyer: request.Agent, email: string) => {
    const items = [{ productId: vials, quantity: 2 }, { productId: swabs, quantity: 1 }];
    const order = (await buyer.post('/api/orders').send({ customerEmail: email, paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: melbourne, items }).expect(201)).body as OrderBody;
    const payment = (await buyer.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'bitcoin' }).expect(201)).body as { id: number };
    await admin.post(`/api/admin/payments/${payment.id}/confirm`).send({ transactionHash: `${order.id}`.padStart(64, 'b') }).expect(200);
    await admin.put(`/api/orders/${order.id}/status`).send({ status: 'delivered' }).expect(200);
    return order;
  };
  const stockOf = async (productId: number) => ((await admin.get(`/api/products/${productId}`).expect(200)).body as { stock: number }).stock;
  const uploadPhoto = async (buyer: request.Agent) => {
    const { uploadURL } = (await buyer.post('/api/objects/upload').send({ purpose: 'support-attachment' }).expect(200)).body as { uploadURL: string };
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0f766e' } }).png().toBuffer();
    await request(shop.app.getHttpServer()).put(uploadURL).set('Content-Type', 'image/png').send(png).expect(200);
    return uploadURL.split('?')[0].split('/').pop()!;
  };

  it('takes a signed-in buyer from a request with a photo through authorization and receipt to the refund that closes it', async () => {
    const buyer = shop.agent();
    const { user } = await signUp(buyer);
    const order = await deliveredOrder(buyer, user.email);
    const delivered = (await buyer.get(`/api/orders/${order.id}`).expect(200)).body as OrderBody;
    expect(delivered.deliveredAt).not.toBeNull();
    expect(delivered.returnRequest).toBeNull();
    const photo = await uploadPhoto(buyer);

    const asked = (await buyer.post(`/api/orders/${order.id}/returns`).send({ lines: [{ productId: vials, quantity: 2 }], reason: 'Ordered the wrong strength by mistake', unopened: true, photos: [photo] }).expect(201)).body as OrderBody;
    expect(asked.returnRequest).toMatchObject({ status: 'requested', amount: '120.00', lines: [{ productId: vials, name: 'Return vial', quantity: 2, amount: '120.00' }], reason: 'Ordered the wrong strength by mistake', staffNote: null });
    // The photo is the buyer's and staff's only.
    const [{ thumbnailUrl }] = asked.returnRequest!.photos;
    expect((await buyer.get(thumbnailUrl).expect(200)).headers['content-type']).toBe('image/webp');
    await admin.get(thumbnailUrl).expect(200);
    await shop.agent().get(thumbnailUrl).expect(404);
    await buyer.post(`/api/orders/${order.id}/returns`).send({ reason: 'Asking a second time now', unopened: true }).expect(409);

    const authorized = (await admin.post(`/api/admin/orders/${order.id}/returns/authorize`).send({ instructions: 'Post it to 1 Return St, Sydney NSW 2000 with the order number.' }).expect(200)).body as OrderBody;
    expect(authorized.returnRequest).toMatchObject({ status: 'authorized', staffNote: 'Post it to 1 Return St, Sydney NSW 2000 with the order number.' });
    // A refund before the parcel is back is still possible, but marking it received needs the authorization first.
    const received = (await admin.post(`/api/admin/orders/${order.id}/returns/receive`).send({ note: 'Both vials sealed' }).expect(200)).body as OrderBody;
    expect(received.returnRequest).toMatchObject({ status: 'received', staffNote: 'Both vials sealed' });

    const stockBefore = await stockOf(vials);
    const refunded = (await admin.post(`/api/admin/orders/${order.id}/refunds`).send({ amount: received.returnRequest!.amount, reason: 'Returned unopened', refundAddress: CUSTOMER_ADDRESS, txHash: REFUND_TX }).expect(201)).body as OrderBody;
    expect(refunded).toMatchObject({ refundStatus: 'partial', returnRequest: { status: 'refunded' } });
    expect(await stockOf(vials)).toBe(stockBefore);

    const timeline = (await buyer.get(`/api/orders/${order.id}/timeline`).expect(200)).body as { kind: string; title: string }[];
    expect(timeline.filter((entry) => entry.kind === 'return').map((entry) => entry.title)).toEqual(['Return requested', 'Return authorized', 'Returned items received']);
    expect(timeline.at(-1)!.title).toBe('Partly refunded');
    await eventually(() => {
      const texts = mail.textsTo(user.email).filter((text) => text.includes(`order #${order.id}`));
      expect(texts.some((text) => text.includes('Return requested for order') && text.includes('Please do not send anything yet'))).toBe(true);
      expect(texts.some((text) => text.includes('Return authorized for order') && text.includes('Post it to 1 Return St'))).toBe(true);
      expect(texts.some((text) => text.includes('Returned items received for order') && text.includes('Both vials sealed'))).toBe(true);
    });
    const { entries } = (await admin.get('/api/admin/audit').query({ stream: `order-${order.id}` }).expect(200)).body as { entries: { summary: string }[] };
    const said = entries.map((entry) => entry.summary);
    expect(said).toEqual(expect.arrayContaining(['Return requested by the buyer: 2 × Return vial (A$120.00, 1 photo): Ordered the wrong strength by mistake', 'Return authorized: Post it to 1 Return St, Sydney NSW 2000 with the order number.', 'Returned items received: Both vials sealed']));
  });

  it('lets a guest ask with the order e-mail (as the lookup), refuses a wrong one as if the order did not exist, and mails a refusal', async () => {
    const guest = shop.agent();
    const email = `guest-return-${Date.now()}@example.com`;
    const order = await deliveredOrder(guest, email);
    const stranger = shop.agent();
    await stranger.post(`/api/orders/${order.id}/returns`).send({ reason: 'Not mine at all, sorry', unopened: true, email: 'someone@example.com' }).expect(404);
    await stranger.post(`/api/orders/${order.id}/returns`).send({ reason: 'Not mine at all, sorry', unopened: true }).expect(404);
    // Photos need an account (uploads are a signed-in buyer's).
    await stranger.post(`/api/orders/${order.id}/returns`).send({ reason: 'Changed my mind on these', unopened: true, email, photos: ['a'.repeat(32)] }).expect(400);
    const asked = (await stranger.post(`/api/orders/${order.id}/returns`).send({ reason: 'Changed my mind on these', unopened: true, email }).expect(201)).body as OrderBody;
    // Every line when none is named, less nothing: no discount on this order; shipping is not refunded.
    expect(asked.returnRequest).toMatchObject({ status: 'requested', amount: '135.00' });
    const refused = (await admin.post(`/api/admin/orders/${order.id}/returns/refuse`).send({ reason: 'The seals were broken on arrival' }).expect(200)).body as OrderBody;
    expect(refused.returnRequest).toMatchObject({ status: 'refused', staffNote: 'The seals were broken on arrival' });
    await admin.post(`/api/admin/orders/${order.id}/returns/receive`).send({}).expect(409);
    await eventually(() => expect(mail.textsTo(email).some((text) => text.includes(`We cannot accept the return for order #${order.id}.`) && text.includes('The seals were broken on arrival'))).toBe(true));
  });

  it('says clearly what cannot be returned: an order not delivered, items not confirmed unopened, more than was ordered', async () => {
    const buyer = shop.agent();
    const { user } = await signUp(buyer);
    const order = (await buyer.post('/api/orders').send({ customerEmail: user.email, paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: melbourne, items: [{ productId: vials, quantity: 1 }] }).expect(201)).body as OrderBody;
    const notDelivered = await buyer.post(`/api/orders/${order.id}/returns`).send({ reason: 'Ordered the wrong strength', unopened: true }).expect(409);
    expect(notDelivered.body.message).toBe(`Order ${order.id} is pending: only delivered orders can be returned.`);
    const delivered = await deliveredOrder(buyer, user.email);
    const opened = await buyer.post(`/api/orders/${delivered.id}/returns`).send({ reason: 'Ordered the wrong strength', unopened: false }).expect(400);
    expect(opened.body.message).toContain('Only unopened, unused items can be returned');
    const tooMany = await buyer.post(`/api/orders/${delivered.id}/returns`).send({ reason: 'Ordered the wrong strength', unopened: true, lines: [{ productId: swabs, quantity: 2 }] }).expect(400);
    expect(tooMany.body.message).toBe(`Order ${delivered.id} has 1 × Return swabs; at most that many can be returned`);
    await admin.post(`/api/admin/orders/${delivered.id}/returns/authorize`).send({}).expect(409);
  });
});
