import { randomUUID } from 'node:crypto';
import { Collection, Document, DuplicateKeyError, ReadStore } from '../../backend/src/storage/read-store/read-store.port';

export interface ReadStoreUnderTest {
  store: ReadStore;
  /** Opens the same storage again, as a restarted process would. */
  reopen?: () => Promise<ReadStore>;
  /**
   * A rebuildable store may acknowledge writes before they are committed (the log is the durable truth):
   * another connection sees them once the store has committed, at the latest when it closes.
   */
  acknowledgesBeforeCommit?: boolean;
  dispose: () => Promise<void>;
}

type Product = Document & { name: string; price: number; stock: number; tags?: string[]; category?: { id: number }; sku?: string };

/** Every ReadStore adapter must pass this suite unchanged. */
export function describeReadStoreContract(adapterName: string, open: () => Promise<ReadStoreUnderTest>) {
  describe(`ReadStore contract: ${adapterName}`, () => {
    let subject: ReadStoreUnderTest;
    let products: Collection<Product>;
    let name: string;

    const seed = async () => {
      await products.insertOne({ _id: 'p1', name: 'BPC-157', price: 45, stock: 12, tags: ['peptide'], category: { id: 1 } });
      await products.insertOne({ _id: 'p2', name: 'TB-500', price: 60, stock: 0, tags: ['peptide', 'recovery'], category: { id: 1 } });
      await products.insertOne({ _id: 'p3', name: 'BAC Water', price: 10, stock: 50, category: { id: 4 } });
      await products.insertOne({ _id: 'p4', name: 'Semaglutide', price: 120, stock: 5, tags: ['glp-1'], category: { id: 2 } });
    };

    beforeEach(async () => {
      subject = await open();
      name = `products_${randomUUID().replace(/-/g, '')}`;
      products = subject.store.collection<Product>(name);
      await seed();
    });
    afterEach(async () => {
      await subject.store.dropCollection(name);
      await subject.dispose();
    });

    it('finds one document by _id and by nested field, null when nothing matches', async () => {
      expect(await products.findOne({ _id: 'p2' })).toMatchObject({ name: 'TB-500' });
      expect(await products.findOne({ 'category.id': 4 })).toMatchObject({ _id: 'p3' });
      expect(await products.findOne({ _id: 'nope' })).toBeNull();
    });

    it('filters with query operators, sorts, skips and limits', async () => {
      const inStock = await products.find({ stock: { $gt: 0 } }, { sort: { price: -1 } });
      expect(inStock.map((p) => p._id)).toEqual(['p4', 'p1', 'p3']);
      const page = await products.find({}, { sort: { name: 1 }, skip: 1, limit: 2 });
      expect(page.map((p) => p.name)).toEqual(['BPC-157', 'Semaglutide']);
      const either = await products.find({ $or: [{ price: { $lt: 20 } }, { tags: { $elemMatch: { $eq: 'glp-1' } } }] }, { sort: { _id: 1 } });
      expect(either.map((p) => p._id)).toEqual(['p3', 'p4']);
      const named = await products.find({ name: { $regex: 'b', $options: 'i' } }, { sort: { _id: 1 } });
      expect(named.map((p) => p._id)).toEqual(['p1', 'p2', 'p3']);
      const listed = await products.find({ _id: { $in: ['p2', 'p4'] } }, { sort: { _id: 1 } });
      expect(listed.map((p) => p._id)).toEqual(['p2', 'p4']);
    });

    it('sorts on several keys in order', async () => {
      await products.insertOne({ _id: 'p5', name: 'Ipamorelin', price: 45, stock: 3 });
      const sorted = await products.find({}, { sort: { price: 1, stock: -1 } });
      expect(sorted.map((p) => p._id)).toEqual(['p3', 'p1', 'p5', 'p2', 'p4']);
    });

    it('counts matching documents', async () => {
      expect(await products.count({})).toBe(4);
      expect(await products.count({ 'category.id': 1 })).toBe(2);
    });

    it('rejects a second document with the same _id', async () => {
      await expect(products.insertOne({ _id: 'p1', name: 'dup', price: 1, stock: 1 })).rejects.toMatchObject({ name: 'DuplicateKeyError', fields: '_id' });
      expect(await products.count({})).toBe(4);
    });

    it('refuses a duplicate among writes sent together and keeps every other one, in a new collection too', async () => {
      await products.createIndex({ sku: 1 }, { unique: true });
      await products.updateOne({ _id: 'p2' }, { $set: { sku: 'SKU-2' } });
      const fresh = subject.store.collection<Document & { n: number }>(`${name}_fresh`);
      // Not awaited one by one: an embedded store runs them in the same transaction.
      const results = await Promise.allSettled([
        fresh.insertOne({ _id: 'f1', n: 1 }),
        products.updateOne({ _id: 'p1' }, { $inc: { stock: 1 } }),
        products.updateOne({ _id: 'p3' }, { $set: { sku: 'SKU-2', stock: 0 } }),
        fresh.insertOne({ _id: 'f1', n: 2 }),
        products.insertOne({ _id: 'p5', name: 'After', price: 1, stock: 1 }),
      ]);
      const [first, moved, duplicateSku, second, after] = results.map((result) => result.status);
      expect([moved, duplicateSku, after]).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      // Of the two inserts of f1, exactly one lands (which one is up to the store: on a server the two may race) and it is the one kept.
      expect([first, second].sort()).toEqual(['fulfilled', 'rejected']);
      const kept = first === 'fulfilled' ? { _id: 'f1', n: 1 } : { _id: 'f1', n: 2 };
      expect(await products.findOne({ _id: 'p3' })).toMatchObject({ stock: 50 });
      expect(await products.findOne({ _id: 'p3' })).not.toHaveProperty('sku');
      expect(await products.findOne({ _id: 'p1' })).toMatchObject({ stock: 13 });
      expect(await fresh.find({})).toEqual([kept]);
      expect(await products.count({})).toBe(5);
      if (subject.reopen) {
        await subject.store.close();
        subject.store = await subject.reopen();
        products = subject.store.collection<Product>(name);
        expect(await subject.store.collection(`${name}_fresh`).find({})).toEqual([kept]);
        expect(await products.findOne({ _id: 'p1' })).toMatchObject({ stock: 13 });
      }
      await subject.store.dropCollection(`${name}_fresh`);
    });

    it('enforces unique indexes on insert and update', async () => {
      await products.createIndex({ sku: 1 }, { unique: true });
      await products.insertOne({ _id: 'p6', name: 'A', price: 1, stock: 1, sku: 'SKU-1' });
      await expect(products.insertOne({ _id: 'p7', name: 'B', price: 1, stock: 1, sku: 'SKU-1' })).rejects.toMatchObject({ name: 'DuplicateKeyError', fields: 'sku' });
      await products.insertOne({ _id: 'p8', name: 'C', price: 1, stock: 1, sku: 'SKU-2' });
      await expect(products.updateOne({ _id: 'p8' }, { $set: { sku: 'SKU-1' } })).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await products.findOne({ _id: 'p8' })).toMatchObject({ sku: 'SKU-2' });
    });

    it('applies update operators to one document', async () => {
      const result = await products.updateOne({ _id: 'p1' }, { $set: { name: 'BPC-157 10mg' }, $inc: { stock: -2 }, $push: { tags: 'healing' } });
      expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
      expect(await products.findOne({ _id: 'p1' })).toMatchObject({ name: 'BPC-157 10mg', stock: 10, tags: ['peptide', 'healing'] });
      await products.updateOne({ _id: 'p1' }, { $unset: { tags: '' }, $max: { price: 50 } });
      const updated = await products.findOne({ _id: 'p1' });
      expect(updated?.tags).toBeUndefined();
      expect(updated?.price).toBe(50);
    });

    it('reports no match when updating a missing document without upsert', async () => {
      const result = await products.updateOne({ _id: 'missing' }, { $set: { stock: 1 } });
      expect(result).toMatchObject({ matchedCount: 0, modifiedCount: 0, upsertedId: null });
      expect(await products.count({})).toBe(4);
    });

    it('upserts a missing document from the filter and the update', async () => {
      const result = await products.updateOne({ _id: 'p9' }, { $set: { name: 'HGH', price: 200 }, $inc: { stock: 3 } }, { upsert: true });
      expect(result.upsertedId).toBe('p9');
      expect(await products.findOne({ _id: 'p9' })).toEqual({ _id: 'p9', name: 'HGH', price: 200, stock: 3 });
    });

    it('refuses an upsert whose filter misses the document that holds its _id, as a duplicate key', async () => {
      await expect(products.updateOne({ _id: 'p1', price: { $gt: 1000 } }, { $inc: { stock: 1 } }, { upsert: true })).rejects.toMatchObject({ name: 'DuplicateKeyError', fields: '_id' });
      expect(await products.findOne({ _id: 'p1' })).toMatchObject({ stock: 12 });
    });

    it('updates many documents at once', async () => {
      const result = await products.updateMany({ 'category.id': 1 }, { $set: { stock: 7 } });
      expect(result.matchedCount).toBe(2);
      expect((await products.find({ stock: 7 })).map((p) => p._id).sort()).toEqual(['p1', 'p2']);
    });

    it('replaces a whole document and creates it when missing', async () => {
      await products.replaceOne({ _id: 'p1', name: 'Replaced', price: 1, stock: 1 });
      expect(await products.findOne({ _id: 'p1' })).toEqual({ _id: 'p1', name: 'Replaced', price: 1, stock: 1 });
      await products.replaceOne({ _id: 'p10', name: 'New', price: 2, stock: 2 });
      expect(await products.count({})).toBe(5);
    });

    it('finds and updates atomically, returning the document afterwards', async () => {
      const counters = subject.store.collection<Document & { value: number }>(`${name}_counters`);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => counters.findOneAndUpdate({ _id: 'order' }, { $inc: { value: 1 } }, { upsert: true })),
      );
      expect(results.map((r) => r?.value).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(await counters.findOneAndUpdate({ _id: 'none' }, { $inc: { value: 1 } })).toBeNull();
      await subject.store.dropCollection(`${name}_counters`);
    });

    it('deletes one and many documents', async () => {
      expect(await products.deleteOne({ _id: 'p1' })).toBe(1);
      expect(await products.deleteOne({ _id: 'p1' })).toBe(0);
      expect(await products.deleteMany({ price: { $gte: 60 } })).toBe(2);
      expect((await products.find({})).map((p) => p._id)).toEqual(['p3']);
    });

    it('returns copies that do not change the stored documents when mutated', async () => {
      const found = await products.findOne({ _id: 'p1' });
      found!.name = 'mutated';
      found!.tags!.push('mutated');
      expect(await products.findOne({ _id: 'p1' })).toMatchObject({ name: 'BPC-157', tags: ['peptide'] });
    });

    it('keeps documents across a reopen', async () => {
      if (!subject.reopen) return;
      await products.updateOne({ _id: 'p2' }, { $set: { stock: 9 } });
      await subject.store.close();
      subject.store = await subject.reopen();
      products = subject.store.collection<Product>(name);
      expect(await products.findOne({ _id: 'p2' })).toMatchObject({ stock: 9 });
      expect(await products.count({})).toBe(4);
    });

    it('has made every acknowledged write durable, however many were issued at once', async () => {
      if (!subject.reopen) return;
      const burst = subject.store.collection<Document & { n: number }>(`${name}_burst`);
      await Promise.all(Array.from({ length: 200 }, (_, n) => burst.insertOne({ _id: `b${n}`, n })));
      await Promise.all(Array.from({ length: 200 }, (_, n) => burst.updateOne({ _id: `b${n}` }, { $inc: { n: 1 } })));
      if (subject.acknowledgesBeforeCommit) {
        await subject.store.close();
        subject.store = await subject.reopen();
      }
      const second = await subject.reopen();
      const seen = await second.collection<Document & { n: number }>(`${name}_burst`).find({}, { sort: { n: 1 } });
      expect(seen.map((doc) => doc.n)).toEqual(Array.from({ length: 200 }, (_, n) => n + 1));
      await second.close();
    });

    it('answers equality filters on an indexed field exactly as without the index, through every kind of write', async () => {
      type Order = Document & { customerId?: string | null; status: string; total: number };
      const orders = subject.store.collection<Order>(`${name}_orders`);
      await orders.insertOne({ _id: 'o1', customerId: 'c1', status: 'pending', total: 10 });
      await orders.insertOne({ _id: 'o2', customerId: 'c2', status: 'pending', total: 20 });
      await orders.insertOne({ _id: 'o3', customerId: null, status: 'paid', total: 30 });
      await orders.insertOne({ _id: 'o4', status: 'paid', total: 40 });
      await orders.createIndex({ customerId: 1, status: 1 });
      await orders.createIndex({ status: 1 });
      await orders.insertOne({ _id: 'o5', customerId: 'c1', status: 'paid', total: 50 });
      await orders.insertOne({ _id: 'o6', customerId: 'c1', status: 'pending', total: 60 });
      const ids = async (filter: Record<string, unknown>) => (await orders.find(filter, { sort: { _id: 1 } })).map((doc) => doc._id);

      expect(await ids({ customerId: 'c1' })).toEqual(['o1', 'o5', 'o6']);
      // null matches a null and a missing field alike.
      expect(await ids({ customerId: null })).toEqual(['o3', 'o4']);
      expect(await ids({ customerId: 'c1', status: 'paid' })).toEqual(['o5']);
      expect(await ids({ customerId: { $in: ['c2', null] } })).toEqual(['o2', 'o3', 'o4']);
      expect(await ids({ status: 'paid', total: { $gt: 35 } })).toEqual(['o4', 'o5']);
      expect(await ids({ customerId: 'nobody' })).toEqual([]);
      expect(await orders.count({ status: 'pending' })).toBe(3);

      await orders.updateOne({ _id: 'o2' }, { $set: { customerId: 'c1' } });
      await orders.updateMany({ customerId: 'c1', status: 'pending' }, { $set: { status: 'paid' } });
      await orders.replaceOne({ _id: 'o3', customerId: 'c4', status: 'paid', total: 30 });
      await orders.deleteOne({ customerId: 'c1', total: 50 });
      await orders.updateOne({ _id: 'o7' }, { $set: { customerId: 'c2', status: 'pending', total: 70 } }, { upsert: true });
      expect(await ids({ customerId: 'c1' })).toEqual(['o1', 'o2', 'o6']);
      expect(await ids({ customerId: 'c2' })).toEqual(['o7']);
      expect(await ids({ customerId: null })).toEqual(['o4']);
      expect(await ids({ status: 'pending' })).toEqual(['o7']);
      expect(await ids({ status: 'paid' })).toEqual(['o1', 'o2', 'o3', 'o4', 'o6']);
      expect(await orders.findOne({ customerId: 'c4' })).toMatchObject({ _id: 'o3' });

      await orders.deleteMany({ status: 'paid', customerId: 'c1' });
      expect(await ids({})).toEqual(['o3', 'o4', 'o7']);
      if (subject.reopen) {
        await subject.store.close();
        subject.store = await subject.reopen();
        const reopened = subject.store.collection<Order>(`${name}_orders`);
        await reopened.createIndex({ customerId: 1, status: 1 });
        expect((await reopened.find({ customerId: 'c2' })).map((doc) => doc._id)).toEqual(['o7']);
        expect((await reopened.find({ customerId: null }, { sort: { _id: 1 } })).map((doc) => doc._id)).toEqual(['o4']);
        products = subject.store.collection<Product>(name);
      }
      await subject.store.dropCollection(`${name}_orders`);
    });

    it('matches array elements with $elemMatch, on an element\'s fields or on the element itself', async () => {
      type Order = Document & { items: { productId: number; quantity: number }[]; notes?: string[] };
      const orders = subject.store.collection<Order>(`${name}_items`);
      await orders.insertOne({ _id: 'o1', items: [{ productId: 7, quantity: 1 }, { productId: 9, quantity: 5 }], notes: ['gift'] });
      await orders.insertOne({ _id: 'o2', items: [{ productId: 9, quantity: 1 }] });
      await orders.insertOne({ _id: 'o3', items: [] });
      const ids = async (filter: Record<string, unknown>) => (await orders.find(filter, { sort: { _id: 1 } })).map((doc) => doc._id);
      expect(await ids({ items: { $elemMatch: { productId: 9 } } })).toEqual(['o1', 'o2']);
      expect(await ids({ items: { $elemMatch: { productId: 9, quantity: { $gte: 2 } } } })).toEqual(['o1']);
      expect(await ids({ items: { $elemMatch: { productId: 8 } } })).toEqual([]);
      expect(await ids({ notes: { $elemMatch: { $eq: 'gift' } } })).toEqual(['o1']);
      expect(await ids({ notes: { $elemMatch: { $in: ['gift', 'urgent'] } } })).toEqual(['o1']);
      await subject.store.dropCollection(`${name}_items`);
    });

    it('compares strings with strings and numbers with numbers only, and treats a missing field as null', async () => {
      type Mixed = Document & { value?: unknown; flag?: boolean };
      const mixed = subject.store.collection<Mixed>(`${name}_mixed`);
      await mixed.insertOne({ _id: 'm1', value: 5, flag: true });
      await mixed.insertOne({ _id: 'm2', value: '5', flag: false });
      await mixed.insertOne({ _id: 'm3', value: 'apple' });
      await mixed.insertOne({ _id: 'm4', value: null });
      await mixed.insertOne({ _id: 'm5' });
      const ids = async (filter: Record<string, unknown>) => (await mixed.find(filter, { sort: { _id: 1 } })).map((doc) => doc._id);
      expect(await ids({ value: 5 })).toEqual(['m1']);
      expect(await ids({ value: '5' })).toEqual(['m2']);
      expect(await ids({ value: { $gt: 1 } })).toEqual(['m1']);
      expect(await ids({ value: { $gt: '1' } })).toEqual(['m2', 'm3']);
      expect(await ids({ value: { $lt: 'b' } })).toEqual(['m2', 'm3']);
      expect(await ids({ value: null })).toEqual(['m4', 'm5']);
      expect(await ids({ value: { $ne: null } })).toEqual(['m1', 'm2', 'm3']);
      expect(await ids({ value: { $ne: 5 } })).toEqual(['m2', 'm3', 'm4', 'm5']);
      expect(await ids({ value: { $nin: [5, '5'] } })).toEqual(['m3', 'm4', 'm5']);
      expect(await ids({ flag: true })).toEqual(['m1']);
      expect(await ids({ flag: 1 })).toEqual([]);
      expect(await ids({ flag: { $in: [0, 'x'] } })).toEqual([]);
      expect(await ids({ flag: false })).toEqual(['m2']);
      expect(await ids({ flag: { $ne: true } })).toEqual(['m2', 'm3', 'm4', 'm5']);
      expect(await ids({ flag: { $exists: true } })).toEqual(['m1', 'm2']);
      expect(await ids({ value: { $exists: false } })).toEqual(['m5']);
      expect(await ids({ $and: [{ value: { $ne: null } }, { $or: [{ flag: true }, { value: 'apple' }] }] })).toEqual(['m1', 'm3']);
      await subject.store.dropCollection(`${name}_mixed`);
    });

    it('sorts missing values first going up and last going down, and on nested fields', async () => {
      await products.insertOne({ _id: 'p5', name: 'Uncategorised', price: 1, stock: 1 });
      expect((await products.find({}, { sort: { 'category.id': 1, _id: 1 } })).map((p) => p._id)).toEqual(['p5', 'p1', 'p2', 'p4', 'p3']);
      expect((await products.find({}, { sort: { 'category.id': -1, _id: 1 } })).map((p) => p._id)).toEqual(['p3', 'p4', 'p1', 'p2', 'p5']);
    });

    it('counts no further than asked', async () => {
      expect(await products.count({}, { limit: 2 })).toBe(2);
      expect(await products.count({ price: { $gt: 100 } }, { limit: 2 })).toBe(1);
    });

    it('finds by a case-insensitive substring of the fields of its search index, kept up to date through every write', async () => {
      await products.createSearchIndex(['name', 'sku']);
      await products.updateOne({ _id: 'p3' }, { $set: { sku: 'WATER-BAC-10ML' } });
      const ids = async (search: string, more: Record<string, unknown> = {}) => (await products.find({ $text: { $search: search }, ...more }, { sort: { _id: 1 } })).map((p) => p._id);
      expect(await ids('bpc')).toEqual(['p1']);
      expect(await ids('BAC')).toEqual(['p3']);
      expect(await ids('glutide')).toEqual(['p4']);
      expect(await ids('water-bac')).toEqual(['p3']);
      expect(await ids('b')).toEqual(['p1', 'p2', 'p3']);
      expect(await ids('10')).toEqual(['p3']);
      expect(await ids('pep', { price: { $gt: 50 } })).toEqual([]);
      expect(await ids('"quoted"')).toEqual([]);
      await products.replaceOne({ _id: 'p1', name: 'Renamed', price: 45, stock: 12 });
      await products.deleteOne({ _id: 'p4' });
      await products.insertOne({ _id: 'p9', name: 'Glutathione', price: 30, stock: 2 });
      expect(await ids('bpc')).toEqual([]);
      expect(await ids('renamed')).toEqual(['p1']);
      expect(await ids('glut')).toEqual(['p9']);
      expect(await products.count({ $text: { $search: 'ta' } })).toBe(1);
    });

    it('updates nested fields, creating the objects on the way, and keeps the smaller or larger value', async () => {
      await products.updateOne({ _id: 'p1' }, { $inc: { 'sales.byDay.d1': 2 }, $set: { 'category.name': 'Peptides' } });
      await products.updateOne({ _id: 'p1' }, { $inc: { 'sales.byDay.d1': 3, 'sales.byDay.d2': 1 }, $min: { price: 40 } });
      await products.updateOne({ _id: 'p1' }, { $min: { price: 41 }, $max: { stock: 3 } });
      expect(await products.findOne({ _id: 'p1' })).toMatchObject({ price: 40, stock: 12, category: { id: 1, name: 'Peptides' }, sales: { byDay: { d1: 5, d2: 1 } } });
      const counters = subject.store.collection<Document & { day: string; views: number }>(`${name}_views`);
      await counters.updateOne({ _id: 'd1:/home', day: 'd1' }, { $inc: { views: 1 } }, { upsert: true });
      await counters.updateOne({ _id: 'd1:/home', day: 'd1' }, { $inc: { views: 1 } }, { upsert: true });
      expect(await counters.findOne({ _id: 'd1:/home' })).toEqual({ _id: 'd1:/home', day: 'd1', views: 2 });
      await subject.store.dropCollection(`${name}_views`);
    });

    it('moves a counter once per event (a condition on the last event it counted), with nested counters and the latest of a string', async () => {
      const counters = subject.store.collection<Document>(`${name}_counters`);
      const move = (position: number, device: string) =>
        counters.updateOne({ _id: 'd1', _position: { $lt: position } }, { $inc: { views: 1, [`devices.${device}.views`]: 1 }, $set: { day: 'd1', _position: position }, $max: { last: `m${position}` } }, { upsert: true });
      await move(1, 'mobile');
      await move(2, 'desktop');
      await move(3, 'mobile');
      // The same event again: the counter has moved past it.
      await expect(move(2, 'mobile')).rejects.toMatchObject({ name: 'DuplicateKeyError', fields: '_id' });
      expect(await counters.findOne({ _id: 'd1' })).toEqual({ _id: 'd1', day: 'd1', views: 3, devices: { mobile: { views: 2 }, desktop: { views: 1 } }, _position: 3, last: 'm3' });
      // Strings by code point: 'm10' comes before 'm3'.
      expect(await counters.updateOne({ _id: 'd1' }, { $max: { last: 'm10' } })).toMatchObject({ matchedCount: 1, modifiedCount: 0 });
      await counters.updateOne({ _id: 'd1' }, { $max: { last: 'n1' }, $min: { views: 2 } });
      expect(await counters.findOne({ _id: 'd1' })).toMatchObject({ last: 'n1', views: 2 });
      await expect(counters.updateOne({ _id: 'd1' }, { $inc: { day: 1 } })).rejects.toThrow();
      await expect(counters.updateOne({ _id: 'd1' }, { $inc: { 'day.views': 1 } })).rejects.toThrow();
      expect(await counters.findOne({ _id: 'd1' })).toMatchObject({ day: 'd1', views: 2 });
      await subject.store.dropCollection(`${name}_counters`);
    });

    it('writes a batch in order: single-statement updates and upserts, replacements, deletions and general updates together', async () => {
      const counters = subject.store.collection<Document>(`${name}_batch`);
      await subject.store.writeAll([
        { kind: 'update', collection: `${name}_batch`, filter: { _id: 'a' }, update: { $inc: { views: 2, 'devices.mobile': 1 }, $set: { day: 'd1' }, $max: { minute: 'm1' } }, upsert: true },
        { kind: 'update', collection: `${name}_batch`, filter: { _id: 'a' }, update: { $inc: { views: 1 }, $max: { minute: 'm0' } } },
        { kind: 'replace', collection: `${name}_batch`, document: { _id: 'b', n: 1 } },
        { kind: 'delete', collection: name, filter: { stock: 0 } },
      ]);
      await subject.store.writeAll([
        { kind: 'update', collection: name, filter: { _id: 'p1' }, update: { $push: { tags: 'batch' } } },
        { kind: 'update', collection: name, filter: { _id: 'missing' }, update: { $set: { stock: 1 } } },
      ]);
      expect(await counters.findOne({ _id: 'a' })).toEqual({ _id: 'a', day: 'd1', views: 3, devices: { mobile: 1 }, minute: 'm1' });
      expect(await counters.findOne({ _id: 'b' })).toEqual({ _id: 'b', n: 1 });
      expect(await products.findOne({ _id: 'p1' })).toMatchObject({ tags: ['peptide', 'batch'] });
      expect(await products.findOne({ _id: 'p2' })).toBeNull();
      expect(await products.count({})).toBe(3);
      await subject.store.writeAll([]);
      await subject.store.dropCollection(`${name}_batch`);
    });

    it('writes nothing of a batch that fails, or whose required write matches nothing', async () => {
      const batch = `${name}_refused`;
      const counters = subject.store.collection<Document>(batch);
      const first = { kind: 'update', collection: batch, filter: { _id: 'a' }, update: { $inc: { views: 1 } }, upsert: true } as const;
      await expect(subject.store.writeAll([first, { kind: 'update', collection: name, filter: { _id: 'p1', stock: 999 }, update: { $set: { stock: 1 } }, required: true }])).rejects.toMatchObject({ name: 'StaleWriteError' });
      await expect(subject.store.writeAll([first, { kind: 'update', collection: name, filter: { _id: 'p1' }, update: { $inc: { name: 1 } } }])).rejects.toThrow();
      await expect(subject.store.writeAll([first, { kind: 'update', collection: name, filter: { _id: 'p1', price: { $gt: 1000 } }, update: { $inc: { stock: 1 } }, upsert: true }])).rejects.toMatchObject({ name: 'DuplicateKeyError', fields: '_id' });
      expect(await counters.count({})).toBe(0);
      expect(await products.findOne({ _id: 'p1' })).toMatchObject({ name: 'BPC-157', stock: 12 });
      await subject.store.writeAll([first, { kind: 'update', collection: name, filter: { _id: 'p1', stock: 12 }, update: { $set: { stock: 11 } }, required: true }]);
      expect(await counters.findOne({ _id: 'a' })).toEqual({ _id: 'a', views: 1 });
      expect(await products.findOne({ _id: 'p1' })).toMatchObject({ stock: 11 });
      await subject.store.dropCollection(batch);
    });

    it('refuses filters outside the port\'s language instead of answering them differently', async () => {
      await expect(products.find({ tags: ['peptide'] })).rejects.toThrow(/\$elemMatch/);
      await expect(products.find({ name: { $where: 'x' } })).rejects.toThrow(/\$where/);
    });

    it('drops a collection', async () => {
      await subject.store.dropCollection(name);
      expect(await products.count({})).toBe(0);
    });
  });
}
