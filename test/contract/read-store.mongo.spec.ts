import { MongoClient } from 'mongodb';
import { randomUUID } from 'node:crypto';
import { MongoReadStore } from '../../backend/src/storage/read-store/mongo-read-store';
import { describeReadStoreContract } from './read-store.contract';

const url = process.env.MONGODB_URL;

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new MongoClient(serverUrl);
  try {
    await client.db(name).dropDatabase();
  } finally {
    await client.close();
  }
}

if (url) {
  describeReadStoreContract('MongoDB', async () => {
    // A database of its own, so parallel or aborted runs never see each other's documents.
    const database = `shop_contract_${randomUUID().replace(/-/g, '')}`;
    const subject = {
      store: await MongoReadStore.connect(url, database),
      reopen: () => MongoReadStore.connect(url, database),
      dispose: async () => {
        await subject.store.close();
        await dropDatabase(url, database);
      },
    };
    return subject;
  });
} else {
  console.log('MONGODB_URL not set: skipping the MongoDB read store contract suite');
  describe.skip('ReadStore contract: MongoDB', () => {
    it('needs a MongoDB server at MONGODB_URL', () => undefined);
  });
}
