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
