import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { uploadIdOf } from '../../backend/src/media/contract/media-input';
import { CommandBus } from '@nestjs/cqrs';
import { PlaceOrder } from '../../backend/src/ordering/commands/place-order.command';
import { placeOrderSchema } from '../../backend/src/ordering/contract/order-input';
import { systemContext } from '../../backend/src/shared/event-sourcing/command-context';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { EVENT_STORE, EventStore } from '../../backend/src/storage/event-store/event-store.port';
import { signInAsAdmin, signUp, startTestApp, TestApp } from '../support/test-app';

/**
 * Issue 22: a customer closes the account. Their name, e-mail, phone and address are removed from every read model,
 * and the log keeps them only sealed with a key that is destroyed, so neither the stores' files nor a rebuild of
 * every projection brings them back; the orders keep their amounts for the books.
 */
describe('Closing an account', () => {
  let shop: TestApp;
  let admin: request.Agent;
  let productId: number;

  beforeAll(async () => {
    shop = await startTestApp();
    admin = shop.agent();
    await signInAsAdmin(admin);
    productId = (await admin.post('/api/admin/products').send({ name: 'Closing test peptide', sku: `CLOSE-${Date.now()}`, price: '40.00', stock: 500 }).expect(201)).body.id;
  });
  afterAll(async () => {
    await shop.close();
  });

  const unique = Math.random().toString(36).slice(2, 8);
  const person = {
    firstName: `Zebulon${unique}`,
    lastName: `Quixotewright${unique}`,
    email: `zeb-${unique}@example.com`,
    phone: '0499887766',
    street: `77 Quasar${unique} Lane`,
  };
  const address = { firstName: person.firstName, lastName: person.lastName, phone: person.phone, address: person.street, city: 'Perth', state: 'WA', postalCode: '6000' };
  const identity = [person.firstName, person.lastName, person.email, person.phone, person.street];

  const placeOrder = async (agent: request.Agent) =>
    (await agent.post('/api/orders').send({ customerEmail: person.email, paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: address, items: [{ productId, quantity: 2 }] }).expect(201)).body as { id: number; totalAmount: string };

  /** Every byte the embedded stores keep, as text: the log, the read models, the credential store, their write-ahead logs. */
  const storedBytes = () =>
    readdirSync(shop.dataDir)
      .filter((name) => name.includes('.sqlite'))
      .map((name) => readFileSync(join(shop.dataDir, name)).toString('latin1'))
      .join('\n');
  const found = (text: string) => identity.filter((value) => text.includes(value));

  it('counts an order recorded a moment ago that the read models have not taken in yet', async () => {
    const browser = shop.agent();
    const email = `quick-${unique}@example.com`;
    const { password, user } = await signUp(browser, { fullName: 'Quick Closer', email });
    // Recorded straight through the command, so nothing has waited for the orders read model to take it in.
    const other = { firstName: 'Quick', lastName: 'Closer', phone: '0499 888 777', address: '9 Other Road', city: 'Perth', state: 'WA', postalCode: '6000' };
    const input = placeOrderSchema.parse({ customerEmail: email, paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: other, items: [{ productId, quantity: 1 }] });
    const { orderId } = await shop.app.get(CommandBus).execute(new PlaceOrder(input, user.id, systemContext(), []));
    expect((await browser.post('/api/user/close').send({ password, confirm: 'CLOSE' }).expect(409)).body.message).toBe(
      `Your order #${orderId} is still in progress. You can close your account once it is delivered, cancelled or refunded.`,
    );
  });

  it('refuses while an order is in progress and with a wrong password; then erases the person everywhere, keeps the orders for the books, and frees the address', async () => {
    // A guest order in this browser, claimed at sign-up; then an order placed signed in; a saved address, a verification, a support case.
    const browser = shop.agent();
    const guestOrder = await placeOrder(browser);
    const { password, user } = await signUp(browser, { fullName: `${person.firstName} ${person.lastName}`, email: person.email });
    const ownOrder = await placeOrder(browser);
    await browser.post('/api/user/addresses').send(address).expect(201);
    // A photo of a document: a private upload, kept as the original and its WebP variants.
    const { uploadURL } = (await browser.post('/api/objects/upload').send({ purpose: 'support-attachment' }).expect(200)).body as { uploadURL: string };
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#1d4ed8' } }).png().toBuffer();
    await request(shop.app.getHttpServer()).put(uploadURL).set('Content-Type', 'image/png').send(png).expect(200);
    const documentUploadId = uploadIdOf(uploadURL)!;
    await browser.post('/api/user/verification').send({ institution: `Quixote${unique} Institute`, position: 'Researcher', institutionEmail: `zq-${unique}@uni.example.edu`, documentUploadId }).expect(201);
    const objects = join(shop.dataDir, 'objects');
    const privateFiles = () => readdirSync(objects, { recursive: true }).map(String).filter((path) => path.includes(documentUploadId) && statSync(join(objects, path)).isFile());
    expect(privateFiles().length).toBeGreaterThan(0);
    await browser.post('/api/support/cases').send({ subject: `Parcel for ${person.firstName}`, description: `Please call me on ${person.phone}`, category: 'shipping' }).expect(201);
    expect(found(JSON.stringify((await admin.get(`/api/admin/orders?search=${person.email}`).expect(200)).body))).toContain(person.email);

    expect((await browser.post('/api/user/close').send({ password, confirm: 'CLOSE' }).expect(409)).body.message).toBe(
      `Your orders #${guestOrder.id}, #${ownOrder.id} are still in progress. You can close your account once they are delivered, cancelled or refunded.`,
    );
    await browser.post(`/api/orders/${guestOrder.id}/cancel`).send({}).expect(200);
    await browser.post(`/api/orders/${ownOrder.id}/cancel`).send({}).expect(200);
    expect((await browser.post('/api/user/close').send({ password: 'not-it', confirm: 'CLOSE' }).expect(400)).body.message).toBe('Your current password is not right.');
    expect((await browser.post('/api/user/close').send({ password }).expect(400)).body.message).toBe('Type CLOSE to confirm.');
    await shop.agent().post('/api/user/close').send({ password, confirm: 'CLOSE' }).expect(401);
    const other = shop.agent();
    await other.post('/api/auth/login').send({ email: person.email, password }).expect(200);

    const closed = await browser.post('/api/user/close').send({ password, confirm: 'CLOSE' }).expect(200);
    expect(closed.body.message).toMatch(/^Your account is closed\./);
    await browser.get('/api/auth/user').expect(401);
    await other.get('/api/auth/user').expect(401);
    await shop.agent().post('/api/auth/login').send({ email: person.email, password }).expect(401);
    // The document's photo is gone with the account: every file of it.
    expect(privateFiles()).toEqual([]);

    // The back office keeps the orders with their amounts, without the buyer; the audit log keeps who did what.
    const order = (await admin.get(`/api/orders/${ownOrder.id}`).expect(200)).body;
    expect(order).toMatchObject({ id: ownOrder.id, totalAmount: ownOrder.totalAmount, customerEmail: '[erased]', shippingAddress: { firstName: '[erased]', phone: '[erased]', address: '[erased]' } });
    const audit = (await admin.get(`/api/admin/audit?stream=user-${user.id}`).expect(200)).body;
    expect(JSON.stringify(audit)).toContain('Account closed by its owner');
    expect(found(JSON.stringify(audit))).toEqual([]);

    // Nothing of the person in what the log reads back, nor after every read model is rebuilt from it.
    const log = JSON.stringify(await shop.app.get<EventStore>(EVENT_STORE).readAll(null, 100_000));
    expect(log).toContain('AccountClosed');
    expect(found(log)).toEqual([]);
    expect(await shop.app.get(ProjectionRunner).rebuild()).toBe(true);
    expect(found(JSON.stringify((await admin.get('/api/admin/orders?pageSize=100').expect(200)).body))).toEqual([]);
    expect(found(JSON.stringify((await admin.get('/api/admin/verifications').expect(200)).body))).toEqual([]);
    expect(found(JSON.stringify((await admin.get('/api/admin/support/cases').expect(200)).body))).toEqual([]);
    expect((await admin.get(`/api/orders/${guestOrder.id}`).expect(200)).body).toMatchObject({ totalAmount: guestOrder.totalAmount, customerEmail: '[erased]' });

    // Nor in the files themselves, once the app has stopped (the event log, the read models, the credential store).
    await shop.stop();
    expect(found(storedBytes())).toEqual([]);

    // The address is free again: a new account with it is a new person, who sees nothing of the closed one.
    shop = await startTestApp({ dataDir: shop.dataDir });
    const again = shop.agent();
    await signUp(again, { email: person.email, fullName: 'Somebody Else' });
    expect((await again.get('/api/customer/orders').expect(200)).body).toEqual([]);
  }, 60_000);
});
