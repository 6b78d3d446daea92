import request from 'supertest';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { signInAsAdmin, signUp, startTestApp, TestApp } from '../support/test-app';

const melbourne = { firstName: 'Grace', lastName: 'Hopper', phone: '03 9876 5432', address: '1 Collins St', city: 'Melbourne', state: 'VIC', postalCode: '3000', country: 'Australia' };

interface Listed {
  productId: number;
  product: { id: number; name: string };
}

describe('Customer favorites, order history and recommendations API', () => {
  let shop: TestApp;
  let admin: request.Agent;
  let sequence = 0;

  beforeAll(async () => {
    shop = await startTestApp();
    admin = shop.agent();
    await signInAsAdmin(admin);
  });
  afterAll(async () => {
    await shop.close();
  });

  const customer = async () => {
    const agent = shop.agent();
    await signUp(agent);
    return agent;
  };
  const newCategory = async () => (await admin.post('/api/admin/categories').send({ name: `Favorites category ${(sequence += 1)}` }).expect(201)).body.id as number;
  const newProduct = async (categoryId: number | null = null) =>
    (await admin.post('/api/admin/products').send({ name: `Favorites product ${(sequence += 1)}`, sku: `FAV-${sequence}-${Date.now()}`, price: '20.00', stock: 500, categoryId }).expect(201)).body.id as number;
  const order = async (agent: request.Agent, items: [productId: number, quantity: number][]) =>
    (await agent
      .post('/api/orders')
      .send({ customerEmail: 'grace@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: melbourne, items: items.map(([productId, quantity]) => ({ productId, quantity })) })
      .expect(201)).body.id as number;
  /** Purchase figures are read models: wait until they include every order placed so far. */
  const caughtUp = () => shop.app.get(ProjectionRunner).catchUp();

  it('answers guests 401 on every customer route', async () => {
    const guest = shop.agent();
    for (const path of ['/api/user/favorites', '/api/user/order-history', '/api/user/recommendations']) {
      expect((await guest.get(path).expect(401)).body.message).toBe('Unauthorized');
    }
    await guest.post('/api/user/favorites').send({ productId: 1 }).expect(401);
    await guest.delete('/api/user/favorites/1').expect(401);
  });

  it('keeps each customer\'s favorites their own: another customer neither sees nor removes them', async () => {
    const [first, second] = [await newProduct(), await newProduct()];
    const ada = await customer();
    const bob = await customer();
    const added = (await ada.post('/api/user/favorites').send({ productId: first }).expect(201)).body as Listed[];
    expect(added.map((favorite) => favorite.productId)).toEqual([first]);
    expect(added[0].product).toMatchObject({ id: first, price: '20.00', stock: 500, isActive: true });
    await ada.post('/api/user/favorites').send({ productId: second }).expect(201);
    // Saving again is harmless: still two.
    expect(((await ada.post('/api/user/favorites').send({ productId: first }).expect(201)).body as Listed[]).map((f) => f.productId).sort()).toEqual([first, second].sort());

    expect((await bob.get('/api/user/favorites').expect(200)).body).toEqual([]);
    expect((await bob.delete(`/api/user/favorites/${first}`).expect(404)).body.message).toBe('This product is not in your favorites');
    const adas = (await ada.get('/api/user/favorites').expect(200)).body as Listed[];
    expect(adas.map((favorite) => favorite.productId)).toEqual([second, first]);

    expect(((await ada.delete(`/api/user/favorites/${first}`).expect(200)).body as Listed[]).map((f) => f.productId)).toEqual([second]);
    await ada.delete(`/api/user/favorites/${first}`).expect(404);
  });

  it('refuses an unknown or withdrawn product and a malformed request', async () => {
    const ada = await customer();
    expect((await ada.post('/api/user/favorites').send({ productId: 987654321 }).expect(404)).body.message).toBe('Product not found');
    const withdrawn = await newProduct();
    await admin.put(`/api/admin/products/${withdrawn}`).send({ isActive: false }).expect(200);
    await ada.post('/api/user/favorites').send({ productId: withdrawn }).expect(404);
    await ada.post('/api/user/favorites').send({ productId: '1' }).expect(400);
    await ada.post('/api/user/favorites').send({ productId: 1, userId: 'someone-else' }).expect(400);
    await ada.delete('/api/user/favorites/not-a-number').expect(400);
    expect((await ada.get('/api/user/favorites').expect(200)).body).toEqual([]);
  });

  it('leaves a saved product out of the list while it is withdrawn', async () => {
    const product = await newProduct();
    const ada = await customer();
    await ada.post('/api/user/favorites').send({ productId: product }).expect(201);
    await admin.put(`/api/admin/products/${product}`).send({ isActive: false }).expect(200);
    await caughtUp();
    expect((await ada.get('/api/user/favorites').expect(200)).body).toEqual([]);
    await admin.put(`/api/admin/products/${product}`).send({ isActive: true }).expect(200);
    await caughtUp();
    expect(((await ada.get('/api/user/favorites').expect(200)).body as Listed[]).map((f) => f.productId)).toEqual([product]);
  });

  it('sums each product over the customer\'s orders that were not cancelled, with the latest order\'s date and quantity', async () => {
    const [x, y] = [await newProduct(), await newProduct()];
    const ada = await customer();
    await order(ada, [[x, 2]]);
    const second = await order(ada, [[x, 3], [y, 1]]);
    const cancelled = await order(ada, [[x, 5]]);
    await admin.put(`/api/orders/${cancelled}/status`).send({ status: 'cancelled' }).expect(200);
    await order(await customer(), [[y, 7]]);
    await caughtUp();

    const history = (await ada.get('/api/user/order-history').expect(200)).body as { productId: number; quantity: number; lastQuantity: number; lastOrderDate: string }[];
    const placedAt = (await ada.get(`/api/orders/${second}`).expect(200)).body.createdAt as string;
    expect(history.map(({ productId, quantity, lastQuantity }) => ({ productId, quantity, lastQuantity })).sort((a, b) => a.productId - b.productId)).toEqual([
      { productId: x, quantity: 5, lastQuantity: 3 },
      { productId: y, quantity: 1, lastQuantity: 1 },
    ]);
    for (const entry of history) expect(entry.lastOrderDate).toBe(placedAt);
    expect((await (await customer()).get('/api/user/order-history').expect(200)).body).toEqual([]);
  });

  it('recommends what others bought together with the customer\'s products, then their categories\' best sellers; never bought, inactive or out of stock', async () => {
    const peptides = await newCategory();
    const blends = await newCategory();
    const bought = await newProduct(peptides);
    const together = await newProduct(blends);
    const oftenTogether = await newProduct(blends);
    const inactive = await newProduct(peptides);
    const soldOut = await newProduct(peptides);
    const sameCategory = await newProduct(peptides);
    const alsoBought = await newProduct(blends);

    const others = await customer();
    await order(others, [[bought, 1], [oftenTogether, 1], [inactive, 1], [soldOut, 1]]);
    await order(others, [[bought, 1], [oftenTogether, 1], [together, 1], [alsoBought, 1]]);
    await order(await customer(), [[sameCategory, 9]]);
    const ada = await customer();
    await order(ada, [[bought, 1], [alsoBought, 1]]);
    await admin.put(`/api/admin/products/${inactive}`).send({ isActive: false }).expect(200);
    await admin.put(`/api/admin/products/${soldOut}`).send({ stock: 0 }).expect(200);
    await caughtUp();

    const recommended = ((await ada.get('/api/user/recommendations').expect(200)).body as { id: number; isActive: boolean; stock: number }[]);
    const ids = recommended.map((product) => product.id);
    expect(ids.slice(0, 3)).toEqual([oftenTogether, together, sameCategory]);
    for (const excluded of [bought, alsoBought, inactive, soldOut]) expect(ids).not.toContain(excluded);
    expect(recommended.every((product) => product.isActive && product.stock > 0)).toBe(true);
    expect(recommended.length).toBeLessThanOrEqual(6);

    // One more order of `together` with `bought` draws it level (3 orders each) and ahead on units sold; cancelled, it no longer counts.
    const secondOrder = await order(await customer(), [[bought, 1], [together, 1]]);
    await caughtUp();
    expect(((await ada.get('/api/user/recommendations').expect(200)).body as { id: number }[]).map((p) => p.id).slice(0, 2)).toEqual([together, oftenTogether]);
    await admin.put(`/api/orders/${secondOrder}/status`).send({ status: 'cancelled' }).expect(200);
    await caughtUp();
    expect(((await ada.get('/api/user/recommendations').expect(200)).body as { id: number }[]).map((p) => p.id).slice(0, 3)).toEqual([oftenTogether, together, sameCategory]);
  });

  it('shows a customer who has bought nothing the shop\'s best sellers', async () => {
    const recommended = (await (await customer()).get('/api/user/recommendations').expect(200)).body as { id: number; isActive: boolean; stock: number }[];
    expect(recommended.length).toBeGreaterThan(0);
    expect(recommended.every((product) => product.isActive && product.stock > 0)).toBe(true);
  });

  describe('saved addresses (issue 22)', () => {
    const perth = { ...melbourne, address: '9 Lab Way', city: 'Perth', state: 'WA', postalCode: '6000' };

    it('adds, edits, makes default and removes addresses, each customer their own, answering the whole book each time', async () => {
      const grace = await customer();
      expect((await grace.get('/api/user/addresses').expect(200)).body).toEqual([]);
      const first = (await grace.post('/api/user/addresses').send(melbourne).expect(201)).body;
      expect(first).toEqual([{ id: 1, ...melbourne, isDefault: true }]);
      const second = (await grace.post('/api/user/addresses').send({ ...perth, makeDefault: true }).expect(201)).body as { id: number; isDefault: boolean }[];
      expect(second.map((entry) => [entry.id, entry.isDefault])).toEqual([
        [2, true],
        [1, false],
      ]);
      const edited = (await grace.put('/api/user/addresses/1').send({ ...melbourne, phone: '0412 345 678' }).expect(200)).body as { id: number; phone: string }[];
      expect(edited.find((entry) => entry.id === 1)!.phone).toBe('0412 345 678');
      expect((await grace.post('/api/user/addresses/1/default').expect(200)).body[0]).toMatchObject({ id: 1, isDefault: true });
      expect((await grace.delete('/api/user/addresses/1').expect(200)).body).toEqual([{ id: 2, ...perth, isDefault: true }]);

      // Another customer sees none of it and cannot touch it.
      const other = await customer();
      expect((await other.get('/api/user/addresses').expect(200)).body).toEqual([]);
      expect((await other.delete('/api/user/addresses/2').expect(404)).body.message).toBe('Address not found');
      await shop.agent().get('/api/user/addresses').expect(401);
    });

    it("checks an address as checkout does, with checkout's messages, and keeps ten at most", async () => {
      const grace = await customer();
      expect((await grace.post('/api/user/addresses').send({ ...melbourne, phone: '123' }).expect(400)).body.message).toMatch(/Invalid Phone Number/);
      expect((await grace.post('/api/user/addresses').send({ ...melbourne, postalCode: 'ABCD' }).expect(400)).body.message).toBeDefined();
      await grace.post('/api/user/addresses').send({ ...melbourne, extra: 'field' }).expect(400);
      for (let index = 0; index < 10; index += 1) await grace.post('/api/user/addresses').send({ ...melbourne, address: `${index + 1} Collins St` }).expect(201);
      expect((await grace.post('/api/user/addresses').send(perth).expect(409)).body.message).toBe('You can keep at most 10 addresses. Remove one first.');
    });
  });
});
