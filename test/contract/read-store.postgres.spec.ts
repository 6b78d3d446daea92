import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { DatabaseUnreachableError, PostgresSettings } from '../../backend/src/storage/postgres/postgres-database';
import { keepTablesUp } from '../../backend/src/storage/postgres/table-upkeep';
import { PostgresDurability, PostgresReadStore } from '../../backend/src/storage/read-store/postgres-read-store';
import { Document, UnsupportedQueryError } from '../../backend/src/storage/read-store/read-store.port';
import { createTestDatabase, describeWithPostgres, TestDatabase } from '../support/postgres';
import { describeReadStoreContract } from './read-store.contract';

/** The schemas the app uses: rebuildable read models, and credentials that nothing can rebuild. */
const SCHEMA: Record<PostgresDurability, string> = { rebuildable: 'read_models', full: 'credentials' };
const collectionName = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '')}`;

describeWithPostgres('PostgreSQL read store', () => {
  // One database for the whole file, made on the first open and dropped at the end.
  let database: Promise<TestDatabase> | null = null;
  const settings = async (): Promise<PostgresSettings> => {
    database ??= createTestDatabase('shop_read_store_test');
    return { url: (await database).url, poolSize: 4, caFile: null };
  };
  const open = async (durability: PostgresDurability, schema = SCHEMA[durability]) => PostgresReadStore.open(await settings(), { schema, durability });
  /** A connection of the test's own, to look at the database behind the stores' backs. */
  const withClient = async <T>(work: (client: Client) => Promise<T>): Promise<T> => {
    const client = new Client({ connectionString: (await settings()).url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  afterAll(async () => {
    if (database) await (await database).drop();
  });

  for (const durability of ['rebuildable', 'full'] as const) {
    describeReadStoreContract(`PostgreSQL (${durability})`, async () => {
      const subject = {
        store: await open(durability),
        reopen: () => open(durability),
        dispose: async () => {
          await subject.store.close();
        },
      };
      return subject;
    });
  }

  describe('PostgreSQL: several app instances on one database', () => {
    let a: PostgresReadStore;
    let b: PostgresReadStore;

    beforeEach(async () => {
      // Two stores, two pools: two app instances (processes) as far as the database can tell.
      [a, b] = await Promise.all([open('rebuildable'), open('rebuildable')]);
    });
    afterEach(async () => {
      await Promise.all([a.close(), b.close()]);
    });

    it('counts to 100 exactly once each when two instances upsert-increment the same document 50 times each at once', async () => {
      const name = collectionName('counters');
      const increment = (store: PostgresReadStore) =>
        Array.from({ length: 50 }, () => store.collection<Document & { v: number }>(name).findOneAndUpdate({ _id: 'n' }, { $inc: { v: 1 } }, { upsert: true }));
      const results = await Promise.all([...increment(a), ...increment(b)]);
      expect(results.map((doc) => doc?.v).sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      expect(await a.collection(name).findOne({ _id: 'n' })).toEqual({ _id: 'n', v: 100 });
      await a.dropCollection(name);
    });

    it('counts exactly through the general path too ($push, which one statement does not make)', async () => {
      const name = collectionName('nested');
      const increment = (store: PostgresReadStore) =>
        Array.from({ length: 25 }, () => store.collection(name).updateOne({ _id: 'n', kind: 'views' }, { $inc: { 'by.day': 1 }, $max: { peak: 3 }, $push: { seen: 1 } }, { upsert: true }));
      const results = await Promise.all([...increment(a), ...increment(b)]);
      expect(results.filter((result) => result.upsertedId === 'n')).toHaveLength(1);
      expect(results.filter((result) => result.matchedCount === 1)).toHaveLength(49);
      expect(await b.collection(name).findOne({ _id: 'n' })).toEqual({ _id: 'n', kind: 'views', by: { day: 50 }, peak: 3, seen: Array.from({ length: 50 }, () => 1) });
      await a.dropCollection(name);
    });

    it('lets two instances create the same new collection, index and search index at the same moment', async () => {
      for (let round = 0; round < 5; round += 1) {
        const name = collectionName('created');
        const prepare = async (store: PostgresReadStore, id: string) => {
          const products = store.collection<Document & { name: string; sku: string }>(name);
          await Promise.all([products.createIndex({ sku: 1 }, { unique: true }), products.createIndex({ name: 1, sku: -1 }), products.createSearchIndex(['name', 'sku'])]);
          await products.insertOne({ _id: id, name: `Product ${id}`, sku: `SKU-${id}` });
        };
        await Promise.all([prepare(a, 'a'), prepare(b, 'b')]);
        expect((await a.collection(name).find({ $text: { $search: 'product' } }, { sort: { _id: 1 } })).map((doc) => doc._id)).toEqual(['a', 'b']);
        const indexes = await withClient(async (client) => {
          const { rows } = await client.query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE schemaname = 'read_models' AND tablename = $1", [`c_${name}`]);
          return rows.map((row) => row.indexname);
        });
        // The primary key, the two btree indexes and the search index, each once.
        expect(indexes).toHaveLength(4);
        await a.dropCollection(name);
      }
    });

    it('names the fields of a unique index another instance made, and searches with the fields another instance recorded', async () => {
      const name = collectionName('users');
      await a.collection(name).createIndex({ email: 1 }, { unique: true });
      await a.collection(name).createSearchIndex(['email']);
      await a.collection(name).insertOne({ _id: 'u1', email: 'ada@example.com' });
      const third = await open('rebuildable');
      try {
        const users = third.collection(name);
        await expect(users.insertOne({ _id: 'u2', email: 'ada@example.com' })).rejects.toMatchObject({ name: 'DuplicateKeyError', collection: name, fields: 'email' });
        await expect(users.insertOne({ _id: 'u1', email: 'other@example.com' })).rejects.toMatchObject({ name: 'DuplicateKeyError', fields: '_id' });
        expect((await users.find({ $text: { $search: 'ADA@' } })).map((doc) => doc._id)).toEqual(['u1']);
      } finally {
        await third.close();
      }
      await a.dropCollection(name);
    });

    it('makes the table again when another instance dropped it', async () => {
      const name = collectionName('dropped');
      await a.collection(name).insertOne({ _id: 'x' });
      expect(await b.collection(name).count({})).toBe(1);
      await a.dropCollection(name);
      expect(await b.collection(name).count({})).toBe(0);
      await b.collection(name).insertOne({ _id: 'y' });
      expect((await a.collection(name).find({})).map((doc) => doc._id)).toEqual(['y']);
      await a.dropCollection(name);
    });
  });

  describe('PostgreSQL: search', () => {
    it('answers a rare term from the trigram index of a stored search column, not by scanning every document', async () => {
      const store = await open('rebuildable');
      const name = collectionName('search');
      try {
        const products = store.collection(name);
        await products.createSearchIndex(['name', 'sku', 'description']);
        const description = 'Lyophilised research peptide, supplied in a sealed vial with a certificate of analysis. For laboratory research use only.';
        await withClient(async (client) => {
          await client.query(
            `INSERT INTO read_models."c_${name}" (id, body) SELECT n::text, jsonb_build_object('_id', n::text, 'id', n, 'name', 'Bench Peptide ' || n, 'sku', 'BENCH-' || lpad(n::text, 4, '0'), 'description', $1::text) FROM generate_series(1, 10000) AS n`,
            [description],
          );
          await client.query(`ANALYZE read_models."c_${name}"`);
        });
        expect((await products.find({ $text: { $search: 'Peptide 1234' } })).map((doc) => doc._id)).toEqual(['1234']);
        expect(await products.count({ $text: { $search: 'bench-123' } })).toBe(10);
        const plan = await withClient(async (client) => {
          // The condition as textCondition writes it, over the column the store generated.
          const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT body FROM read_models."c_${name}" WHERE shop_search LIKE lower($1) LIMIT 48`, ['%peptide 1234%']);
          return rows.map((row) => row['QUERY PLAN']).join('\n');
        });
        expect(plan).toMatch(/Bitmap Index Scan on sc_/);
      } finally {
        await store.dropCollection(name);
        await store.close();
      }
    });

    it('keeps its tables analysed where the server runs without autovacuum, so a sorted top list reads its index', async () => {
      const store = await open('rebuildable');
      const name = collectionName('upkeep');
      try {
        const keys = store.collection(name);
        await keys.createIndex({ kind: 1, v90: -1, key: 1 });
        // Made empty, then filled: the planner's idea of it stays "empty" until someone analyses it.
        await withClient((client) =>
          client.query(`INSERT INTO read_models."c_${name}" (id, body) SELECT n::text, jsonb_build_object('_id', n::text, 'kind', 'page', 'key', '/p/' || n, 'v90', n % 97) FROM generate_series(1, 20000) AS n`),
        );
        const autovacuum = await withClient(async (client) => (await client.query<{ on: boolean }>(`SELECT current_setting('autovacuum') = 'on' AS on`)).rows[0].on);
        if (!autovacuum) {
          // The statistics of the insert reach pg_stat_user_tables within a second or so.
          let done = await keepTablesUp(store.pool, 'read_models');
          for (let attempt = 0; attempt < 50 && !done.analyzed.includes(`c_${name}`) && !done.vacuumed.includes(`c_${name}`); attempt += 1) {
            await new Promise((resolve) => setTimeout(resolve, 200));
            done = await keepTablesUp(store.pool, 'read_models');
          }
          expect([...done.analyzed, ...done.vacuumed]).toContain(`c_${name}`);
          expect(await keepTablesUp(store.pool, 'read_models')).toEqual({ analyzed: [], vacuumed: [] });
        } else {
          // The server's own autovacuum keeps the statistics (on its own schedule), and the upkeep leaves it alone.
          expect(await keepTablesUp(store.pool, 'read_models')).toEqual({ analyzed: [], vacuumed: [] });
          await withClient((client) => client.query(`ANALYZE read_models."c_${name}"`));
        }
        const plan = await withClient(async (client) => {
          const { rows } = await client.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN SELECT body FROM read_models."c_${name}" WHERE (body->'kind') = '"page"'::jsonb ORDER BY (body->'v90') DESC NULLS LAST, (body->'key') ASC NULLS FIRST LIMIT 100`,
          );
          return rows.map((row) => row['QUERY PLAN']).join('\n');
        });
        expect(plan).toMatch(/^Limit[\s\S]*Index Scan using/);
        expect(plan).not.toMatch(/Sort/);
        // 96 views, keys compared as text.
        expect((await keys.find({ kind: 'page' }, { sort: { v90: -1, key: 1 }, limit: 2 })).map((doc) => doc._id)).toEqual(['10087', '10184']);
      } finally {
        await store.dropCollection(name);
        await store.close();
      }
    });

    it('replaces the index on the expression an earlier version made with the stored column and its index', async () => {
      const store = await open('rebuildable');
      const name = collectionName('migrated');
      try {
        await store.collection(name).insertOne({ _id: 'a', name: 'Semaglutide' });
        // What createSearchIndex made before the column: the fields recorded, and an `sx_` index on the expression.
        await withClient(async (client) => {
          await client.query('INSERT INTO read_models.shop_search_indexes (collection, fields) VALUES ($1, $2::jsonb)', [name, JSON.stringify(['name'])]);
          await client.query(`CREATE INDEX "sx_old_${name.slice(-8)}" ON read_models."c_${name}" (lower(coalesce((body->'name') #>> '{}', '')))`);
        });
        const reopened = await open('rebuildable');
        try {
          await reopened.collection(name).createSearchIndex(['name']);
          expect((await reopened.collection(name).find({ $text: { $search: 'GLUT' } })).map((doc) => doc._id)).toEqual(['a']);
        } finally {
          await reopened.close();
        }
        const columns = await withClient(async (client) => (await client.query("SELECT column_name FROM information_schema.columns WHERE table_schema = 'read_models' AND table_name = $1 ORDER BY 1", [`c_${name}`])).rows.map((row) => row.column_name));
        expect(columns).toEqual(['body', 'id', 'shop_search']);
      } finally {
        await store.dropCollection(name);
        await store.close();
      }
    });
  });

  describe('PostgreSQL: schemas and settings', () => {
    it('keeps the read models and the credentials in two schemas of one database apart', async () => {
      const [readModels, credentials] = await Promise.all([open('rebuildable'), open('full')]);
      try {
        const name = collectionName('shared_name');
        await readModels.collection(name).insertOne({ _id: 'r', from: 'read models' });
        await credentials.collection(name).insertOne({ _id: 'c', from: 'credentials' });
        await readModels.collection(name).createSearchIndex(['from']);
        expect(await readModels.collection(name).find({})).toEqual([{ _id: 'r', from: 'read models' }]);
        expect(await credentials.collection(name).find({})).toEqual([{ _id: 'c', from: 'credentials' }]);
        // The search index belongs to the read models' collection only.
        await expect(credentials.collection(name).find({ $text: { $search: 'cred' } })).rejects.toThrow(/search index/);
        await readModels.dropCollection(name);
        expect(await credentials.collection(name).count({})).toBe(1);
        const tables = await withClient(async (client) => {
          const { rows } = await client.query<{ schema: string }>('SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = $1 ORDER BY 1', [`c_${name}`]);
          return rows.map((row) => row.schema);
        });
        expect(tables).toEqual(['credentials']);
        await credentials.dropCollection(name);
      } finally {
        await Promise.all([readModels.close(), credentials.close()]);
      }
    });

    it('commits read models without waiting for the WAL flush, and credentials durably', async () => {
      const [readModels, credentials] = await Promise.all([open('rebuildable'), open('full')]);
      try {
        // Every connection of the pool, not only the first: the setting travels with the connection request.
        const settingsOf = (store: PostgresReadStore) =>
          Promise.all(Array.from({ length: 4 }, async () => (await store.pool.query<{ synchronous_commit: string }>('SELECT pg_sleep(0.05), current_setting($1) AS synchronous_commit', ['synchronous_commit'])).rows[0].synchronous_commit));
        expect(await settingsOf(readModels)).toEqual(['off', 'off', 'off', 'off']);
        expect(await settingsOf(credentials)).toEqual(['on', 'on', 'on', 'on']);
      } finally {
        await Promise.all([readModels.close(), credentials.close()]);
      }
    });

    it('closes once, however many times it is asked', async () => {
      const store = await open('full');
      await Promise.all([store.close(), store.close()]);
      await store.close();
    });

    it('refuses to start when DATABASE_URL cannot be reached, naming the variable', async () => {
      const opening = PostgresReadStore.open({ url: 'postgres://shop:secret@127.0.0.1:1/shop', poolSize: 1, caFile: null }, { schema: 'read_models', durability: 'rebuildable' });
      await expect(opening).rejects.toBeInstanceOf(DatabaseUnreachableError);
      await expect(opening).rejects.toThrow(/DATABASE_URL/);
      await expect(opening).rejects.not.toThrow(/secret/);
    });
  });

  describe('PostgreSQL: writes', () => {
    let store: PostgresReadStore;
    let name: string;

    beforeEach(async () => {
      store = await open('rebuildable');
      name = collectionName('writes');
    });
    afterEach(async () => {
      await store.dropCollection(name);
      await store.close();
    });

    it('answers the single-statement updates as the general path does', async () => {
      const docs = store.collection<Document & { n?: unknown; label?: string; day?: string }>(name);
      await docs.insertOne({ _id: 's', n: 'text', label: 'same' });
      await expect(docs.updateOne({ _id: 's' }, { $inc: { n: 1 } })).rejects.toBeInstanceOf(UnsupportedQueryError);
      expect(await docs.updateOne({ _id: 's' }, { $set: { label: 'same' } })).toEqual({ matchedCount: 1, modifiedCount: 0, upsertedId: null });
      expect(await docs.updateOne({ _id: 'missing' }, { $set: { label: 'x' } })).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedId: null });
      expect(await docs.findOneAndUpdate({ _id: 'missing' }, { $inc: { n: 1 } })).toBeNull();
      await docs.insertOne({ _id: 'z', n: null });
      expect(await docs.findOneAndUpdate({ _id: 'z' }, { $inc: { n: 0.1 } })).toEqual({ _id: 'z', n: 0.1 });
      expect(await docs.findOneAndUpdate({ _id: 'z' }, { $inc: { n: 0.2 } })).toEqual({ _id: 'z', n: 0.1 + 0.2 });
      expect(await docs.updateOne({ _id: 'z' }, { $inc: { n: 0 } })).toEqual({ matchedCount: 1, modifiedCount: 0, upsertedId: null });
      // The _id is taken by a document the rest of the filter does not match: a duplicate, as MongoDB answers.
      await docs.updateOne({ _id: 'd', day: 'd1' }, { $inc: { views: 1 } }, { upsert: true });
      await expect(docs.updateOne({ _id: 'd', day: 'd2' }, { $inc: { views: 1 } }, { upsert: true })).rejects.toMatchObject({ name: 'DuplicateKeyError', fields: '_id' });
      expect(await docs.findOne({ _id: 'd' })).toEqual({ _id: 'd', day: 'd1', views: 1 });
    });

    it('moves a projection\'s counter in one statement: a condition on the last event it counted, nested fields, the latest value', async () => {
      const counters = store.collection(name);
      const move = (position: number) =>
        counters.updateOne({ _id: 'd1', _position: { $lt: position } }, { $inc: { views: 1, 'devices.mobile.views': 1 }, $set: { day: 'd1', _position: position }, $max: { minute: `m${position}` } }, { upsert: true });
      await move(1);
      const query = jest.spyOn(store.pool, 'query');
      try {
        await move(2);
        await move(3);
        expect(query).toHaveBeenCalledTimes(2);
      } finally {
        query.mockRestore();
      }
      expect(await counters.findOne({ _id: 'd1' })).toEqual({ _id: 'd1', day: 'd1', views: 3, devices: { mobile: { views: 3 } }, _position: 3, minute: 'm3' });
    });

    it('sends a batch of single-statement writes as one list, and takes the general way for the rest', async () => {
      await store.collection(name).insertOne({ _id: 'x' });
      const general = jest.spyOn(PostgresReadStore.prototype as unknown as { transaction: () => Promise<unknown> }, 'transaction');
      const writes = [
        { kind: 'update', collection: name, filter: { _id: 'c' }, update: { $inc: { views: 1, 'devices.mobile': 1 }, $set: { _position: 5 } }, upsert: true },
        { kind: 'replace', collection: name, document: { _id: 'r', n: 1 } },
        { kind: 'delete', collection: name, filter: { n: 0 } },
      ] as const;
      try {
        // One list each, its own transaction: no write fell back to the general way (a transaction of its own).
        const connections = jest.spyOn(store.pool, 'connect');
        await store.writeAll(writes);
        await store.writeAll(writes);
        expect(general).toHaveBeenCalledTimes(0);
        expect(connections).toHaveBeenCalledTimes(2);
        connections.mockRestore();
        await store.writeAll([{ kind: 'update', collection: name, filter: { _id: 'c' }, update: { $push: { seen: 1 } } }]);
        expect(general).toHaveBeenCalledTimes(1);
      } finally {
        general.mockRestore();
      }
      expect(await store.collection(name).findOne({ _id: 'c' })).toEqual({ _id: 'c', views: 2, devices: { mobile: 2 }, _position: 5, seen: [1] });
    });

    it('prepares a batch\'s statements again on a connection where a list stopped at an error', async () => {
      const docs = store.collection(name);
      await docs.createIndex({ sku: 1 }, { unique: true });
      await docs.insertOne({ _id: 'taken', sku: 'A' });
      const batch = (id: string, sku: string) => [
        { kind: 'update', collection: name, filter: { _id: `${id}-counter` }, update: { $inc: { n: 1 } }, upsert: true },
        { kind: 'replace', collection: name, document: { _id: id, sku } },
      ] as const;
      for (let i = 0; i < 6; i += 1) {
        await expect(store.writeAll(batch(`dup${i}`, 'A'))).rejects.toMatchObject({ name: 'DuplicateKeyError', fields: 'sku' });
        await store.writeAll(batch(`ok${i}`, `B${i}`));
      }
      expect(await docs.count({ _id: { $in: ['dup0-counter', 'dup5'] } })).toBe(0);
      expect(await docs.count({ sku: { $in: ['B0', 'B5'] } })).toBe(2);
    });

    it('reports a unique index violation of a single-statement update, or of a new index over colliding documents, as a duplicate', async () => {
      const docs = store.collection<Document & { sku: string; code?: string }>(name);
      await docs.createIndex({ sku: 1 }, { unique: true });
      await docs.insertOne({ _id: 'a', sku: 'A', code: 'same' });
      await docs.insertOne({ _id: 'b', sku: 'B', code: 'same' });
      await expect(docs.updateOne({ _id: 'b' }, { $set: { sku: 'A' } }, { upsert: true })).rejects.toMatchObject({ name: 'DuplicateKeyError', fields: 'sku' });
      expect(await docs.findOne({ _id: 'b' })).toEqual({ _id: 'b', sku: 'B', code: 'same' });
      // Documents missing every field of a unique index may be any number.
      await docs.createIndex({ code: 1, batch: -1 }, { unique: true });
      await expect(docs.createIndex({ code: 1 }, { unique: true })).rejects.toMatchObject({ name: 'DuplicateKeyError', fields: 'code' });
      await docs.updateOne({ _id: 'b' }, { $set: { code: 'other' } });
      await docs.createIndex({ code: 1 }, { unique: true });
      await expect(docs.insertOne({ _id: 'c', sku: 'C', code: 'same' })).rejects.toMatchObject({ name: 'DuplicateKeyError', fields: 'code' });
    });

    it('writes nothing of an updateMany that fails on one of its documents', async () => {
      const docs = store.collection<Document & { n: unknown; k: number; group: number }>(name);
      await docs.createIndex({ k: 1 }, { unique: true });
      // Written back in batches in _id order: the last document collides with one outside the filter, after the first batches went in.
      await Promise.all(Array.from({ length: 1200 }, (_, i) => docs.insertOne({ _id: `d${String(i).padStart(4, '0')}`, n: i, k: 2 * i, group: 1 })));
      await docs.insertOne({ _id: 'e', n: 0, k: 2 * 1199 + 1, group: 2 });
      await expect(docs.updateMany({ group: 1 }, { $inc: { k: 1, n: 1 } })).rejects.toMatchObject({ name: 'DuplicateKeyError', fields: 'k' });
      expect(await docs.count({ group: 1, n: { $gte: 1199 } })).toBe(1);
      await docs.updateOne({ _id: 'd0000' }, { $set: { n: 'text' } });
      await expect(docs.updateMany({ group: 1 }, { $inc: { n: 1 } })).rejects.toBeInstanceOf(UnsupportedQueryError);
      expect(await docs.count({ group: 1, n: { $gte: 1199 } })).toBe(1);
      await docs.deleteOne({ _id: 'e' });
      await docs.updateOne({ _id: 'd0000' }, { $set: { n: 0 } });
      expect(await docs.updateMany({ group: 1 }, { $inc: { k: 1, n: 1 } })).toEqual({ matchedCount: 1200, modifiedCount: 1200, upsertedId: null });
      expect((await docs.find({}, { sort: { n: -1 }, limit: 2 })).map((doc) => doc.n)).toEqual([1200, 1199]);
    });

    it('matches $regex as JavaScript reads it, and ignores array and object values in comparisons', async () => {
      const docs = store.collection<Document & { text?: unknown; items?: unknown }>(name);
      await docs.insertOne({ _id: 'a', text: 'one word\nnext line', items: 'not an array' });
      await docs.insertOne({ _id: 'b', text: 'oneword', items: [{ productId: 1 }] });
      await docs.insertOne({ _id: 'c', text: ['array'], items: { productId: 1 } });
      const ids = async (filter: Record<string, unknown>) => (await docs.find(filter, { sort: { _id: 1 } })).map((doc) => doc._id);
      expect(await ids({ text: { $regex: '\\bword\\b' } })).toEqual(['a']);
      expect(await ids({ text: { $regex: 'word.next' } })).toEqual([]);
      expect(await ids({ text: { $regex: '^ONE', $options: 'i' } })).toEqual(['a', 'b']);
      expect(await ids({ text: { $gt: '' } })).toEqual(['a', 'b']);
      expect(await ids({ items: { $elemMatch: { productId: 1 } } })).toEqual(['b']);
    });
  });
});
