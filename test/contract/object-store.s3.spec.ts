import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { loadConfig } from '../../backend/src/config';
import { ObjectStore } from '../../backend/src/storage/object-store/object-store.port';
import { S3ObjectStore, S3Settings } from '../../backend/src/storage/object-store/s3-object-store';
import { describeObjectStoreContract } from './object-store.contract';

/**
 * A real S3-protocol server in this process (s3rver, on a free port, in a temporary folder), so the
 * S3 adapter's requests, signing and answers are checked on every run without a cloud account.
 */
describe('with an S3-protocol server in this process', () => {
  let server: S3rver;
  let folder: string;
  let settings: S3Settings;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 's3rver-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, directory: folder, silent: true, configureBuckets: [{ name: 'shop-media' }] });
    const { port } = await server.run();
    settings = { endpoint: `http://127.0.0.1:${port}`, bucket: 'shop-media', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  });
  afterAll(async () => {
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  describeObjectStoreContract('S3 (s3rver)', async () => ({
    store: new S3ObjectStore(settings),
    reopen: () => new S3ObjectStore(settings),
    dispose: async () => undefined,
  }));
});

const real = process.env.S3_ENDPOINT ? loadConfig(process.env).s3 : null;

if (real) {
  describeObjectStoreContract(`S3 at ${real.endpoint}, bucket ${real.bucket}`, async () => {
    // A shared bucket: what a test stored is deleted after it.
    const store = new S3ObjectStore(real);
    const written = new Set<string>();
    const tracked: ObjectStore = {
      put: async (key, bytes, contentType) => {
        await store.put(key, bytes, contentType);
        written.add(key);
      },
      get: (key) => store.get(key),
      delete: (key) => store.delete(key),
    };
    return {
      store: tracked,
      reopen: () => new S3ObjectStore(real),
      dispose: async () => {
        for (const key of written) await store.delete(key);
      },
    };
  });
} else {
  console.log('S3_ENDPOINT not set: the S3 object store contract ran against the in-process s3rver only');
}
