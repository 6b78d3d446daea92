import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoReadStore } from '../../backend/src/storage/read-store/mongo-read-store';
import { PostgresReadStore } from '../../backend/src/storage/read-store/postgres-read-store';
import { SqliteReadStore } from '../../backend/src/storage/read-store/sqlite-read-store';
import { DocumentLeaseStore, LEASES_COLLECTION } from '../../backend/src/storage/leases/document-lease-store';
import { ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { createTestDatabase, describeWithPostgres, TestDatabase } from '../support/postgres';
import { describeLeaseStoreContract, LeaseStoresUnderTest } from './lease-store.contract';

/** Two lease stores over the given document stores (one per instance), on one clock the test moves. */
function leaseStores(stores: [ReadStore, ReadStore], shared: boolean, dispose: () => Promise<void>): LeaseStoresUnderTest {
  let now = Date.parse('2026-11-26T00:00:00Z');
  const clock = () => now;
  return {
    first: new DocumentLeaseStore(stores[0].collection(LEASES_COLLECTION), shared, clock),
    second: new DocumentLeaseStore(stores[1].collection(LEASES_COLLECTION), shared, clock),
    advance: (ms) => (now += ms),
    dispose,
  };
}

describeLeaseStoreContract('embedded SQLite (one process)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'leases-'));
  const store = new SqliteReadStore(join(dir, 'credentials.sqlite'), 'full');
  return leaseStores([store, store], false, async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describeWithPostgres('PostgreSQL lease stores', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });
  describeLeaseStoreContract('PostgreSQL (two instances)', async () => {
    const settings = { url: database.url, poolSize: 4, caFile: null };
    const stores: [ReadStore, ReadStore] = [await PostgresReadStore.open(settings, { schema: 'credentials', durability: 'full' }), await PostgresReadStore.open(settings, { schema: 'credentials', durability: 'full' })];
    return leaseStores(stores, true, async () => {
      await Promise.all(stores.map((store) => store.close()));
    });
  });
});

const mongoUrl = process.env.MONGODB_URL;
if (mongoUrl) {
  describeLeaseStoreContract('MongoDB (two instances)', async () => {
    const database = `shop_leases_${Date.now()}`;
    const stores: [ReadStore, ReadStore] = [await MongoReadStore.connect(mongoUrl, database), await MongoReadStore.connect(mongoUrl, database)];
    return leaseStores(stores, true, async () => {
      await stores[0].dropCollection(LEASES_COLLECTION);
      await Promise.all(stores.map((store) => store.close()));
    });
  });
} else {
  describe.skip('LeaseStore contract: MongoDB (skipped: MONGODB_URL is not set)', () => {
    it('needs a MongoDB server at MONGODB_URL', () => undefined);
  });
}
