import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedReadStore } from '../../backend/src/storage/read-store/embedded-read-store';
import { describeReadStoreContract } from './read-store.contract';

describeReadStoreContract('embedded (mingo over SQLite)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'read-store-'));
  const file = join(dir, 'read-models.sqlite');
  const subject = {
    store: new EmbeddedReadStore(file),
    reopen: async () => new EmbeddedReadStore(file),
    dispose: async () => {
      await subject.store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return subject;
});
