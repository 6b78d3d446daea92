import { bodyAsBytes, startTestApp, signInAsAdmin, signUp, TestApp } from '../support/test-app';

interface ProductBody {
  id: number;
  name: string;
  sku: string;
  price: string;
  salePrice: string | null;
  isOnSale: boolean;
  stock: number;
  isActive: boolean;
  categoryId: number | null;
  badges: string[];
  createdAt: string;
}

describe('Catalogue API', () => {
  let shop: TestApp;

  beforeAll(async () => {
    shop = await startTestApp();
  });
  afterAll(async () => {
    await shop.close();
  });

  describe('public queries', () => {
    it('lists the demo catalogue: at least 24 active products with every field of the Product entity', async () => {
      const { body } = await shop.agent().get('/api/products').expect(200);
      expect(body.length).toBeGreaterThanOrEqual(24);
      for (const product of body) {
        expect(Object.keys(product).sort()).toEqual(
          expect.arrayContaining(['id', 'name', 'sku', 'description', 'price', 'salePrice', 'isOnSale', 'stock', 'imageUrl', 'grade', 'dosage', 'contents', 'badges', 'categoryId', 'isActive', 'createdAt']),
        );
        expect(product.isActive).toBe(true);
        expect(product.price).toMatch(/^\d+\.\d{2}$/);
      }
    });

    it('includes every product the calculator knows and BAC Water', async () => {
      const { body } = await shop.agent().get('/api/products').expect(200);
      const names = (body as ProductBody[]).map((p) => p.name.toLowerCase());
      for (const known of ['tirzepatide', 'retatrutide', 'semaglutide', 'bpc-157', 'tb-500', 'hgh', 'ipamorelin', 'cjc-1295', 'dsip', 'aod-9604', 'mots-c', 'bac water']) {
        expect(names.some((name) => name.startsWith(known))).toBe(true);
      }
      const stocks = (body as ProductBody[]).map((p) => p.stock);
      expect(stocks).toContain(0);
      expect(stocks.some((stock) => stock >= 1 && stock <= 10)).toBe(true);
      const badges = new Set((body as ProductBody[]).flatMap((p) => p.badges));
      for (const badge of ['Hot Product', 'Limited Stock', 'Bestseller', 'Premium Blend']) expect(badges).toContain(badge);
    });

    it('pages the list with limit and offset in the same order, reporting the total in X-Total-Count', async () => {
      const all = (await shop.agent().get('/api/products').query({ sortBy: 'name' }).expect(200)).body as ProductBody[];
      const first = await shop.agent().get('/api/products').query({ sortBy: 'name', limit: '10' }).expect(200);
      expect(first.headers['x-total-count']).toBe(String(all.length));
      expect((first.body as ProductBody[]).map((p) => p.id)).toEqual(all.slice(0, 10).map((p) => p.id));
      const second = await shop.agent().get('/api/products').query({ sortBy: 'name', limit: '10', offset: '10' }).expect(200);
      expect((second.body as ProductBody[]).map((p) => p.id)).toEqual(all.slice(10, 20).map((p) => p.id));
      const past = await shop.agent().get('/api/products').query({ offset: String(all.length) }).expect(200);
      expect(past.body).toEqual([]);
      expect(past.headers['x-total-count']).toBe(String(all.length));
      const searched = await shop.agent().get('/api/products').query({ search: 'bpc', limit: '1' }).expect(200);
      expect(Number(searched.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
      expect(searched.body).toHaveLength(1);
      // Without paging parameters: the spec's plain array, no total.
      expect((await shop.agent().get('/api/products').expect(200)).headers['x-total-count']).toBeUndefined();
      for (const [limit, offset] of [['0', '0'], ['101', '0'], ['ten', '0'], ['10', '-1']]) {
        expect((await shop.agent().get('/api/products').query({ limit, offset }).expect(400)).body.message).toMatch(/limit|offset/);
      }
    });

    it('searches names, SKUs and descriptions case-insensitively, treating the term literally', async () => {
      const { body } = await shop.agent().get('/api/products').query({ search: 'bpc' }).expect(200);
      expect(body.length).toBeGreaterThanOrEqual(2);
      expect((body as ProductBody[]).every((p) => /bpc/i.test(JSON.stringify(p)))).toBe(true);
      const literal = await shop.agent().get('/api/products').query({ search: '.*(' }).expect(200);
      expect(literal.body).toEqual([]);
    });

    it('filters by category and counts active products per category', async () => {
      const categories = (await shop.agent().get('/api/categories').expect(200)).body as { id: number; name: string; productCount: number }[];
      expect(categories.map((c) => c.name)).toEqual(expect.arrayContaining(['Peptides', 'SARMs', 'Blends', 'Lab Supplies']));
      const peptides = categories.find((c) => c.name === 'Peptides')!;
      const { body } = await shop.agent().get('/api/products').query({ categoryId: peptides.id }).expect(200);
      expect(body).toHaveLength(peptides.productCount);
      expect((body as ProductBody[]).every((p) => p.categoryId === peptides.id)).toBe(true);
    });

    it('sorts by popularity (stock, then id), price both ways, name and newest', async () => {
      const list = async (sortBy: string) => (await shop.agent().get('/api/products').query({ sortBy }).expect(200)).body as ProductBody[];
      const effective = (p: ProductBody) => Number((p.isOnSale && p.salePrice) || p.price);
      const popular = await list('popularity');
      expect(popular.map((p) => p.stock)).toEqual([...popular.map((p) => p.stock)].sort((a, b) => b - a));
      const cheapest = await list('price_asc');
      expect(cheapest.map(effective)).toEqual([...cheapest.map(effective)].sort((a, b) => a - b));
      const dearest = await list('price_desc');
      expect(dearest.map(effective)).toEqual([...dearest.map(effective)].sort((a, b) => b - a));
      const byName = await list('name');
      expect(byName.map((p) => p.name)).toEqual([...byName.map((p) => p.name)].sort());
      const newest = await list('newest');
      expect(newest[0].createdAt >= newest[newest.length - 1].createdAt).toBe(true);
    });

    it('lists products on sale without signing in', async () => {
      const { body } = await shop.agent().get('/api/products/on-sale').expect(200);
      expect(body.length).toBeGreaterThan(0);
      expect((body as ProductBody[]).every((p) => p.isOnSale && p.salePrice !== null)).toBe(true);
    });

    it('returns one product, and 404 with a message for an unknown one', async () => {
      const [first] = (await shop.agent().get('/api/products').expect(200)).body as ProductBody[];
      const { body } = await shop.agent().get(`/api/products/${first.id}`).expect(200);
      expect(body.name).toBe(first.name);
      const missing = await shop.agent().get('/api/products/99999').expect(404);
      expect(missing.body).toEqual({ message: 'Product not found' });
    });

    it('answers 400 with a message for a malformed id or an unknown sort', async () => {
      expect((await shop.agent().get('/api/products/abc').expect(400)).body.message).toMatch(/whole number/);
      expect((await shop.agent().get('/api/products').query({ sortBy: 'cheapest' }).expect(400)).body.message).toMatch(/sortBy/);
      expect((await shop.agent().get('/api/products').query({ categoryId: 'x' }).expect(400)).body.message).toMatch(/categoryId/);
    });
  });

  describe('administration', () => {
    const newProduct = (overrides: Record<string, unknown> = {}) => ({
      name: 'Kisspeptin-10 5mg',
      sku: `PEP-KISS-${Math.random().toString(36).slice(2, 8)}`,
      description: 'Research peptide',
      price: '79.9',
      stock: 12,
      badges: ['Hot Product'],
      ...overrides,
    });

    it('refuses guests with 401 and customers with 403', async () => {
      await shop.agent().post('/api/admin/products').send(newProduct()).expect(401);
      const customer = shop.agent();
      await signUp(customer);
      const refused = await customer.post('/api/admin/products').send(newProduct()).expect(403);
      expect(refused.body.message).toEqual(expect.any(String));
      await customer.get('/api/admin/products').expect(403);
    });

    it('creates a product with a normalised price and shows it in the catalogue at once', async () => {
      const admin = shop.agent();
      await signInAsAdmin(admin);
      const created = (await admin.post('/api/admin/products').send(newProduct()).expect(201)).body as ProductBody;
      expect(created).toMatchObject({ name: 'Kisspeptin-10 5mg', price: '79.90', isOnSale: false, salePrice: null, stock: 12, isActive: true });
      const listed = (await shop.agent().get('/api/products').expect(200)).body as ProductBody[];
      expect(listed.some((p) => p.id === created.id)).toBe(true);
    });

    it('rejects invalid product input with 400 and a message, creating nothing', async () => {
      const admin = shop.agent();
      await signInAsAdmin(admin);
      const before = ((await admin.get('/api/admin/products').expect(200)).body as unknown[]).length;
      const cases = [
        newProduct({ price: 'free' }),
        newProduct({ price: '1.999' }),
        newProduct({ stock: -1 }),
        newProduct({ stock: 1.5 }),
        newProduct({ name: '' }),
        newProduct({ isOnSale: true, salePrice: null }),
        newProduct({ isOnSale: true, salePrice: '99.00' }),
        newProduct({ categoryId: 424242 }),
        { sku: 'X' },
      ];
      for (const body of cases) {
        const response = await admin.post('/api/admin/products').send(body).expect(400);
        expect(response.body.message).toEqual(expect.any(String));
      }
      expect(((await admin.get('/api/admin/products').expect(200)).body as unknown[]).length).toBe(before);
    });

    it('refuses a second product with the same SKU', async () => {
      const admin = shop.agent();
      await signInAsAdmin(admin);
      const product = newProduct();
      await admin.post('/api/admin/products').send(product).expect(201);
      const duplicate = await admin.post('/api/admin/products').send({ ...product, name: 'Other' }).expect(409);
      expect(duplicate.body.message).toContain(product.sku);
    });

    it('updates only the fields sent, keeping badges, dosage and contents', async () => {
      const admin = shop.agent();
      await signInAsAdmin(admin);
      const input = { ...newProduct(), badges: ['Bestseller'], dosage: '5mg', contents: '1 vial' };
      const created = (await admin.post('/api/admin/products').send(input).expect(201)).body as ProductBody;
      const updated = (await admin.put(`/api/admin/products/${created.id}`).send({ price: '100', isOnSale: true, salePrice: '70' }).expect(200)).body;
      expect(updated).toMatchObject({ name: input.name, price: '100.00', salePrice: '70.00', isOnSale: true, badges: ['Bestseller'], dosage: '5mg', contents: '1 vial' });
      const noChange = await admin.put(`/api/admin/products/${created.id}`).send({}).expect(400);
      expect(noChange.body.message).toBe('Send at least one field to change');
      const saleWithoutPrice = await admin.put(`/api/admin/products/${created.id}`).send({ salePrice: '150' }).expect(400);
      expect(saleWithoutPrice.body.message).toMatch(/lower than the price/);
    });

    it('deletes a product no order ever held (its SKU is free again), and only deactivates one with order history', async () => {
      const admin = shop.agent();
      await signInAsAdmin(admin);
      const unsold = newProduct();
      const created = (await admin.post('/api/admin/products').send(unsold).expect(201)).body as ProductBody;
      const removed = await admin.delete(`/api/admin/products/${created.id}`).expect(200);
      expect(removed.body).toEqual({ message: 'Product removed successfully. Products with order history are deactivated to preserve records.', outcome: 'removed' });
      await admin.get(`/api/admin/products/${created.id}`).expect(404);
      await admin.post('/api/admin/products').send({ ...unsold, name: 'Its successor' }).expect(201);

      const sold = (await admin.post('/api/admin/products').send(newProduct()).expect(201)).body as ProductBody;
      const address = { firstName: 'Del', lastName: 'Ete', phone: '0412345678', address: '1 Audit St', city: 'Perth', state: 'WA', postalCode: '6000' };
      await shop.agent().post('/api/orders').send({ customerEmail: 'del@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: address, items: [{ productId: sold.id, quantity: 1 }] }).expect(201);
      expect((await admin.delete(`/api/admin/products/${sold.id}`).expect(200)).body.outcome).toBe('deactivated');
      await shop.agent().get(`/api/products/${sold.id}`).expect(404);
      const publicList = (await shop.agent().get('/api/products').query({ isActive: 'false' }).expect(200)).body as ProductBody[];
      expect(publicList.some((p) => p.id === sold.id)).toBe(false);
      expect((await admin.get(`/api/admin/products/${sold.id}`).expect(200)).body.isActive).toBe(false);
    });

    it('never serves a product list older than a change the admin was told is done, and answers unchanged lists with 304', async () => {
      const admin = shop.agent();
      await signInAsAdmin(admin);
      const input = newProduct();
      const created = (await admin.post('/api/admin/products').send(input).expect(201)).body as ProductBody;
      const first = await shop.agent().get('/api/products').query({ search: input.sku }).expect(200);
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      expect((first.body as ProductBody[]).map((p) => p.price)).toEqual([created.price]);
      await shop.agent().get('/api/products').query({ search: input.sku }).set('If-None-Match', first.headers.etag).expect(304);

      await admin.put(`/api/admin/products/${created.id}`).send({ ...input, price: '123.45' }).expect(200);
      const after = await shop.agent().get('/api/products').query({ search: input.sku }).set('If-None-Match', first.headers.etag).expect(200);
      expect((after.body as ProductBody[]).map((p) => p.price)).toEqual(['123.45']);
      expect(after.headers.etag).not.toBe(first.headers.etag);
    });

    it('sends a cached product list gzip-compressed once and the same bytes to every later request', async () => {
      const plain = await bodyAsBytes(shop.agent().get('/api/products').set('Accept-Encoding', 'identity')).expect(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/Accept-Encoding/);
      const first = await bodyAsBytes(shop.agent().get('/api/products').set('Accept-Encoding', 'gzip, deflate, br')).expect(200);
      const second = await bodyAsBytes(shop.agent().get('/api/products').set('Accept-Encoding', 'gzip')).expect(200);
      expect(first.headers['content-encoding']).toBe('gzip');
      // Decoded by supertest: the same JSON as the plain answer, with the same validator.
      expect((first.body as Buffer).equals(plain.body as Buffer)).toBe(true);
      expect((second.body as Buffer).equals(plain.body as Buffer)).toBe(true);
      expect(first.headers.etag).toBe(plain.headers.etag);
      expect(Number(first.headers['content-length'])).toBeLessThan((plain.body as Buffer).length / 2);
      expect(first.headers['content-length']).toBe(second.headers['content-length']);
      await shop.agent().get('/api/products').set('Accept-Encoding', 'gzip').set('If-None-Match', String(first.headers.etag)).expect(304);
    });

    it('adjusts stock and refuses to take it below zero', async () => {
      const admin = shop.agent();
      await signInAsAdmin(admin);
      const created = (await admin.post('/api/admin/products').send(newProduct({ stock: 3 })).expect(201)).body as ProductBody;
      const adjusted = (await admin.post(`/api/admin/products/${created.id}/stock`).send({ delta: 5, reason: 'Delivery received' }).expect(200)).body;
      expect(adjusted.stock).toBe(8);
      const refused = await admin.post(`/api/admin/products/${created.id}/stock`).send({ delta: -9, reason: 'Count' }).expect(409);
      expect(refused.body.message).toMatch(/Only 8/);
      await admin.post('/api/admin/products/99999/stock').send({ delta: 1, reason: 'x' }).expect(404);
    });

    it('creates a category that appears with a zero count', async () => {
      const admin = shop.agent();
      await signInAsAdmin(admin);
      const created = (await admin.post('/api/admin/categories').send({ name: 'Research Kits' }).expect(201)).body;
      expect(created).toMatchObject({ name: 'Research Kits', productCount: 0 });
      const categories = (await shop.agent().get('/api/categories').expect(200)).body as { name: string }[];
      expect(categories.some((c) => c.name === 'Research Kits')).toBe(true);
    });

    it('lists the active products low in stock for the back office, the fewest units first', async () => {
      const admin = shop.agent();
      await signInAsAdmin(admin);
      const make = async (sku: string, stock: number) => (await admin.post('/api/admin/products').send({ name: `Low ${sku}`, sku, price: '20.00', stock }).expect(201)).body.id as number;
      const two = await make('LOW-TWO', 2);
      const none = await make('LOW-NONE', 0);
      const plenty = await make('LOW-PLENTY', 11);
      const low = (await admin.get('/api/admin/stock/low').expect(200)).body as { id: number; stock: number }[];
      expect(low.every((product) => product.stock <= 10)).toBe(true);
      expect(low.map((product) => product.stock)).toEqual([...low.map((product) => product.stock)].sort((a, b) => a - b));
      expect(low.map((product) => product.id)).toEqual(expect.arrayContaining([two, none]));
      expect(low.map((product) => product.id)).not.toContain(plenty);
      await shop.agent().get('/api/admin/stock/low').expect(401);
    });

    it('renames a category and changes its description, keeping its products', async () => {
      const admin = shop.agent();
      await signInAsAdmin(admin);
      const [category] = ((await shop.agent().get('/api/categories').expect(200)).body as { id: number; name: string; productCount: number }[]).filter((c) => c.productCount > 0);
      const revised = (await admin.put(`/api/admin/categories/${category.id}`).send({ name: `${category.name} (lab grade)`, description: 'Renamed by the back office.' }).expect(200)).body;
      expect(revised).toMatchObject({ id: category.id, name: `${category.name} (lab grade)`, description: 'Renamed by the back office.', productCount: category.productCount });
      const listed = (await shop.agent().get(`/api/products?categoryId=${category.id}`).expect(200)).body as unknown[];
      expect(listed.length).toBeGreaterThan(0);
      await admin.put(`/api/admin/categories/${category.id}`).send({ name: '' }).expect(400);
      await admin.put('/api/admin/categories/99999').send({ name: 'Nowhere' }).expect(404);
      await shop.agent().put(`/api/admin/categories/${category.id}`).send({ name: 'Anyone' }).expect(401);
      const audit = (await admin.get('/api/admin/audit').query({ stream: `category-${category.id}` }).expect(200)).body;
      expect(JSON.stringify(audit)).toContain('(lab grade)');
    });

    it('removes an empty category, and deactivates one that still holds products: hidden from the storefront, kept for them', async () => {
      const admin = shop.agent();
      await signInAsAdmin(admin);
      const empty = (await admin.post('/api/admin/categories').send({ name: 'Short-lived' }).expect(201)).body as { id: number };
      expect((await admin.delete(`/api/admin/categories/${empty.id}`).expect(200)).body).toEqual({ outcome: 'removed', message: 'Category removed.' });
      expect(((await admin.get('/api/admin/categories').expect(200)).body as { id: number }[]).some((c) => c.id === empty.id)).toBe(false);
      await admin.delete(`/api/admin/categories/${empty.id}`).expect(404);
      await admin.put(`/api/admin/categories/${empty.id}`).send({ name: 'Back again' }).expect(404);
      expect((await admin.post('/api/admin/products').send({ name: 'Orphan', sku: `ORPHAN-${Date.now()}`, price: '10.00', stock: 1, categoryId: empty.id }).expect(400)).body.message).toBe(`Category ${empty.id} does not exist`);

      const holding = (await admin.post('/api/admin/categories').send({ name: 'Holding one' }).expect(201)).body as { id: number };
      const product = (await admin.post('/api/admin/products').send({ name: 'Kept peptide', sku: `KEPT-${Date.now()}`, price: '10.00', stock: 1, categoryId: holding.id }).expect(201)).body as { id: number };
      const answer = (await admin.delete(`/api/admin/categories/${holding.id}`).expect(200)).body;
      expect(answer).toMatchObject({ outcome: 'deactivated', message: expect.stringContaining('it still holds 1 product,') });
      expect(((await shop.agent().get('/api/categories').expect(200)).body as { id: number }[]).some((c) => c.id === holding.id)).toBe(false);
      expect(((await admin.get('/api/admin/categories').expect(200)).body as { id: number; isActive: boolean }[]).find((c) => c.id === holding.id)).toMatchObject({ isActive: false });
      // The product keeps its category and can still be edited.
      expect((await admin.get(`/api/products/${product.id}`).expect(200)).body).toMatchObject({ categoryId: holding.id });
      await admin.put(`/api/admin/products/${product.id}`).send({ price: '12.00' }).expect(200);
      // Once it is empty, removing it removes it.
      await admin.put(`/api/admin/products/${product.id}`).send({ categoryId: null }).expect(200);
      expect((await admin.delete(`/api/admin/categories/${holding.id}`).expect(200)).body).toMatchObject({ outcome: 'removed' });
      const audit = JSON.stringify((await admin.get('/api/admin/audit').query({ stream: `category-${holding.id}` }).expect(200)).body);
      expect(audit).toContain('Category deactivated: Holding one (it still holds 1 product; hidden from the storefront)');
      expect(audit).toContain('Category removed: Holding one');
      await shop.agent().delete(`/api/admin/categories/${holding.id}`).expect(401);
    });
  });
});
