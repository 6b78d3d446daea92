import sharp from 'sharp';
import request from 'supertest';
import { SUPPORT_MESSAGES } from '../../backend/src/customers/contract/support-input';
import type { SupportCaseView } from '../../backend/src/customers/contract/support.views';
import { uploadIdOf } from '../../backend/src/media/contract/media-input';
import { UPLOAD_MESSAGES } from '../../backend/src/media/contract/upload-rules';
import { EVENT_STORE, EventStore } from '../../backend/src/storage/event-store/event-store.port';
import { signInAsAdmin, signUp, startTestApp, TestApp } from '../support/test-app';

const address = { firstName: 'Ada', lastName: 'Lovelace', phone: '0412345678', address: '1 Test St', city: 'Perth', state: 'WA', postalCode: '6000' };

/** A real picture of its own colour, so each attachment is a different image. */
const pngOf = (colour: string, width = 64, height = 48) => sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();

const validCase = { subject: 'Vial arrived cracked', description: 'The vial in my order was cracked on arrival.', category: 'order_issue', priority: 'high' };

describe('Support cases (checkout spec §5 Support case, §7)', () => {
  let shop: TestApp;
  let admin: request.Agent;
  let customer: request.Agent;
  let other: request.Agent;
  let events: EventStore;

  /** A support-attachment link for this person, the image PUT to it (no cookie: the signature is the authority), and the attachment's id. */
  const attachment = async (agent: request.Agent, bytes: Buffer, contentType = 'image/png'): Promise<string> => {
    const { uploadURL } = (await agent.post('/api/objects/upload').send({ purpose: 'support-attachment' }).expect(200)).body as { uploadURL: string };
    await request(shop.app.getHttpServer()).put(uploadURL).set('Content-Type', contentType).send(bytes);
    return uploadIdOf(uploadURL)!;
  };

  const placeOrder = async (agent: request.Agent): Promise<number> => {
    const product = await admin.post('/api/admin/products').send({ name: `Support product ${Math.random()}`, sku: `SUP-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, price: '25.00', stock: 100 }).expect(201);
    const order = await agent
      .post('/api/orders')
      .send({ customerEmail: 'ada@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: address, items: [{ productId: product.body.id, quantity: 1 }] })
      .expect(201);
    return order.body.id as number;
  };

  beforeAll(async () => {
    shop = await startTestApp();
    events = shop.app.get<EventStore>(EVENT_STORE);
    admin = shop.agent();
    await signInAsAdmin(admin);
    customer = shop.agent();
    await signUp(customer, { fullName: 'Ada Lovelace' });
    other = shop.agent();
    await signUp(other, { fullName: 'Eve Other' });
  });
  afterAll(async () => {
    await shop.close();
  });

  it.each([
    [{ ...validCase, subject: '' }, SUPPORT_MESSAGES.subjectRequired],
    [{ ...validCase, subject: undefined }, 'Subject is required'],
    [{ ...validCase, description: 'Too short' }, 'Description must be at least 10 characters'],
    [{ ...validCase, category: undefined }, 'Category is required'],
    [{ ...validCase, category: 'refund' }, 'Category is required'],
    [{ ...validCase, priority: 'critical' }, 'Priority must be low, medium, high or urgent'],
    [{ ...validCase, orderId: 'twelve' }, 'Order ID must be a number'],
    [{ ...validCase, attachments: ['not-an-upload'] }, SUPPORT_MESSAGES.notAnUpload],
  ])('refuses %j with the spec\'s message', async (body, message) => {
    const response = await customer.post('/api/support/cases').send(body).expect(400);
    expect(response.body).toEqual({ message });
  });

  it('opens a case with the default priority and lists it for its customer only; another customer\'s id answers 404', async () => {
    const { subject, description, category } = validCase;
    const opened = (await customer.post('/api/support/cases').send({ subject, description, category }).expect(201)).body as SupportCaseView;
    expect(opened).toMatchObject({ subject, description, category, priority: 'medium', orderId: null, status: 'open', attachments: [], messages: [] });

    const mine = (await customer.get('/api/support/cases').expect(200)).body as SupportCaseView[];
    expect(mine.map((supportCase) => supportCase.id)).toContain(opened.id);
    expect((await other.get('/api/support/cases').expect(200)).body).toEqual([]);
    expect((await other.get(`/api/support/cases/${opened.id}`).expect(404)).body).toEqual({ message: SUPPORT_MESSAGES.notFound });
    await other.post(`/api/support/cases/${opened.id}/replies`).send({ message: 'Let me in' }).expect(404);
    await customer.get(`/api/support/cases/${opened.id}`).expect(200);
  });

  it('takes an order id only of the customer\'s own orders', async () => {
    const ownOrder = await placeOrder(customer);
    const othersOrder = await placeOrder(other);
    const opened = await customer.post('/api/support/cases').send({ ...validCase, orderId: ownOrder }).expect(201);
    expect(opened.body.orderId).toBe(ownOrder);
    expect((await customer.post('/api/support/cases').send({ ...validCase, orderId: othersOrder }).expect(400)).body).toEqual({ message: SUPPORT_MESSAGES.orderNotYours });
    expect((await customer.post('/api/support/cases').send({ ...validCase, orderId: 999_999 }).expect(400)).body).toEqual({ message: SUPPORT_MESSAGES.orderNotYours });
  });

  it('attaches up to five uploaded images, served only to the customer and administrators; a sixth is refused', async () => {
    const colours = ['#ef4444', '#f59e0b', '#10b981', '#3b82f6', '#8b5cf6', '#111827'];
    const ids = await Promise.all(colours.map(async (colour) => attachment(customer, await pngOf(colour))));

    const head = await events.headPosition();
    expect((await customer.post('/api/support/cases').send({ ...validCase, attachments: ids }).expect(400)).body).toEqual({ message: 'You can only upload up to 5 images.' });
    expect(await events.headPosition()).toBe(head);

    const opened = (await customer.post('/api/support/cases').send({ ...validCase, attachments: ids.slice(0, 5) }).expect(201)).body as SupportCaseView;
    expect(opened.attachments.map((image) => image.id)).toEqual(ids.slice(0, 5));
    const thumbnail = opened.attachments[0].thumbnailUrl;
    expect(thumbnail).toBe(`/api/support/cases/${opened.id}/attachments/${ids[0]}/320.webp`);

    const seen = await customer.get(thumbnail).buffer(true).expect(200);
    expect(seen.headers['content-type']).toBe('image/webp');
    expect(seen.headers['cache-control']).toContain('private');
    expect((await sharp(seen.body as Buffer).metadata()).format).toBe('webp');
    await admin.get(opened.attachments[0].imageUrl).expect(200);
    await other.get(thumbnail).expect(404);
    await request(shop.app.getHttpServer()).get(thumbnail).expect(401);
    // Never among the public product images.
    await request(shop.app.getHttpServer()).get(`/objects/images/${ids[0]}/320.webp`).expect(404);
    // An image of this case is not reachable through another case.
    const another = (await customer.post('/api/support/cases').send(validCase).expect(201)).body as SupportCaseView;
    await customer.get(`/api/support/cases/${another.id}/attachments/${ids[0]}/320.webp`).expect(404);
  });

  it('takes only uploaded images: a text file is refused at upload, and its link cannot be attached', async () => {
    const textUpload = await attachment(customer, Buffer.from('just some text, not a picture'), 'image/png');
    const response = await customer.post('/api/support/cases').send({ ...validCase, attachments: [textUpload] }).expect(400);
    expect(response.body).toEqual({ message: UPLOAD_MESSAGES.notAnAttachment });
  });

  it('refuses a text file at the signed link itself', async () => {
    const { uploadURL } = (await customer.post('/api/objects/upload').send({ purpose: 'support-attachment' }).expect(200)).body as { uploadURL: string };
    const refused = await request(shop.app.getHttpServer()).put(uploadURL).set('Content-Type', 'image/png').send(Buffer.from('hello')).expect(400);
    expect(refused.body).toEqual({ message: UPLOAD_MESSAGES.notAnImage });
  });

  it('keeps support uploads apart from product images: a customer gets no product-image link, and no attachment becomes one', async () => {
    expect((await customer.post('/api/objects/upload').send({ purpose: 'product-image' }).expect(403)).body.message).toEqual(expect.any(String));
    await customer.post('/api/objects/upload').expect(403);
    const adminsAttachment = await attachment(admin, await pngOf('#0f766e'));
    const refused = await admin.put('/api/product-images').send({ imageURL: `/api/objects/uploads/${adminsAttachment}` }).expect(400);
    expect(refused.body).toEqual({ message: UPLOAD_MESSAGES.notAProductImage });
  });

  it('refuses another customer\'s upload as an attachment', async () => {
    const others = await attachment(other, await pngOf('#fde047'));
    expect((await customer.post('/api/support/cases').send({ ...validCase, attachments: [others] }).expect(400)).body).toEqual({ message: UPLOAD_MESSAGES.notAnAttachment });
  });

  it('shows an admin reply to the customer (answered), opens again on their reply, and refuses replies once closed', async () => {
    const opened = (await customer.post('/api/support/cases').send(validCase).expect(201)).body as SupportCaseView;

    const queue = (await admin.get('/api/admin/support/cases?status=open').expect(200)).body as SupportCaseView[];
    expect(queue.map((supportCase) => supportCase.id)).toContain(opened.id);
    expect(queue.every((supportCase) => supportCase.status === 'open')).toBe(true);
    await admin.get('/api/admin/support/cases?status=lost').expect(400);

    const image = await attachment(admin, await pngOf('#22c55e'));
    const answered = (await admin.post(`/api/admin/support/cases/${opened.id}/replies`).send({ message: 'Sorry! A replacement ships today.', attachments: [image] }).expect(201)).body as SupportCaseView;
    expect(answered.status).toBe('answered');

    const seen = (await customer.get(`/api/support/cases/${opened.id}`).expect(200)).body as SupportCaseView;
    expect(seen.status).toBe('answered');
    expect(seen.messages).toEqual([expect.objectContaining({ id: 1, authorRole: 'admin', message: 'Sorry! A replacement ships today.' })]);
    await customer.get(seen.messages[0].attachments[0].thumbnailUrl).expect(200);

    const replied = (await customer.post(`/api/support/cases/${opened.id}/replies`).send({ message: 'Thank you!' }).expect(201)).body as SupportCaseView;
    expect(replied.status).toBe('open');
    expect(replied.messages.map((message) => [message.id, message.authorRole, message.authorName])).toEqual([
      [1, 'admin', expect.any(String)],
      [2, 'customer', 'Ada Lovelace'],
    ]);

    const closed = (await admin.post(`/api/admin/support/cases/${opened.id}/close`).expect(200)).body as SupportCaseView;
    expect(closed.status).toBe('closed');
    expect((await customer.post(`/api/support/cases/${opened.id}/replies`).send({ message: 'One more thing' }).expect(409)).body).toEqual({ message: SUPPORT_MESSAGES.closed });
    await admin.post(`/api/admin/support/cases/${opened.id}/replies`).send({ message: 'Late answer' }).expect(409);

    const types = (await events.readStream(`support-case-${opened.id}`)).map((event) => event.type);
    expect(types).toEqual(['SupportCaseOpened', 'SupportCaseReplied', 'SupportCaseReplied', 'SupportCaseClosed']);
  });

  it('answers 401 to guests and 403 to customers on the queue', async () => {
    const guest = shop.agent();
    await guest.get('/api/support/cases').expect(401);
    await guest.post('/api/support/cases').send(validCase).expect(401);
    await guest.post('/api/objects/upload').send({ purpose: 'support-attachment' }).expect(401);
    await customer.get('/api/admin/support/cases').expect(403);
  });
});
