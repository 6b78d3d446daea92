import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteReadStore } from '../../backend/src/storage/read-store/sqlite-read-store';
import { describeReadStoreContract } from './read-store.contract';

for (const durability of ['rebuildable', 'full'] as const) {
  describeReadStoreContract(`embedded SQLite (${durability})`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'read-store-'));
    const file = join(dir, 'read-models.sqlite');
    const subject = {
      store: new SqliteReadStore(file, durability),
      reopen: async () => new SqliteReadStore(file, durability),
      acknowledgesBeforeCommit: durability === 'rebuildable',
      dispose: async () => {
        await subject.store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
    return subject;
  });
}

describe('embedded SQLite read store', () => {
  it('moves the documents of a file from before collections had tables of their own into their collections', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'read-store-old-'));
    const file = join(dir, 'credentials.sqlite');
    const old = new Database(file);
    old.exec(`CREATE TABLE documents (collection TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL, PRIMARY KEY (collection, id)) WITHOUT ROWID;
      CREATE TABLE unique_indexes (collection TEXT NOT NULL, fields TEXT NOT NULL, PRIMARY KEY (collection, fields)) WITHOUT ROWID;`);
    old.prepare('INSERT INTO documents VALUES (?, ?, ?)').run('credentials', 'u1', JSON.stringify({ _id: 'u1', email: 'a@example.com', hash: 'h' }));
    old.prepare('INSERT INTO documents VALUES (?, ?, ?)').run('sessions', 's1', JSON.stringify({ _id: 's1', expiresAt: 5 }));
    old.close();
    const store = new SqliteReadStore(file, 'full');
    try {
      expect(await store.collection('credentials').findOne({ email: 'a@example.com' })).toEqual({ _id: 'u1', email: 'a@example.com', hash: 'h' });
      expect(await store.collection('sessions').count({})).toBe(1);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('embedded SQLite search index', () => {
  /** Rows an UPDATE changed, those its triggers changed included (the search index and its own tables). */
  const rowsChangedBy = (db: Database.Database, sql: string) => {
    const before = (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
    db.prepare(sql).run();
    return (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n - before;
  };

  it('is rewritten only when the searched text changes, also in a file whose trigger predates that', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'read-store-search-'));
    const file = join(dir, 'read-models.sqlite');
    try {
      let store = new SqliteReadStore(file, 'rebuildable');
      const products = store.collection('products');
      await products.createSearchIndex(['name']);
      await products.insertOne({ _id: 'p1', name: 'BPC-157', stock: 5 });
      await store.close();
      let db = new Database(file);
      expect(rowsChangedBy(db, `UPDATE c_products SET body = jsonb_set(body, '$.stock', 4) WHERE id = 'p1'`)).toBe(1);
      expect(rowsChangedBy(db, `UPDATE c_products SET body = jsonb_set(body, '$.name', 'BPC-157 10mg') WHERE id = 'p1'`)).toBeGreaterThan(1);
      // The trigger as files before this change had it: every update rewrote the product's trigrams.
      db.exec(`DROP TRIGGER "c_products__search_update";
        CREATE TRIGGER "c_products__search_update" AFTER UPDATE OF body ON "c_products" BEGIN DELETE FROM "c_products__search" WHERE rowid = old.seq; INSERT INTO "c_products__search" (rowid, f0) VALUES (new.seq, json_extract(new.body, '$.name')); END;`);
      expect(rowsChangedBy(db, `UPDATE c_products SET body = jsonb_set(body, '$.stock', 3) WHERE id = 'p1'`)).toBeGreaterThan(1);
      db.close();
      store = new SqliteReadStore(file, 'rebuildable');
      await store.collection('products').createSearchIndex(['name']);
      expect((await store.collection('products').find({ $text: { $search: '10mg' } })).map((p) => p._id)).toEqual(['p1']);
      await store.close();
      db = new Database(file);
      expect(rowsChangedBy(db, `UPDATE c_products SET body = jsonb_set(body, '$.stock', 2) WHERE id = 'p1'`)).toBe(1);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
