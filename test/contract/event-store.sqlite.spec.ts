import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../backend/src/storage/event-store/sqlite-event-store';
import { describeEventStoreContract } from './event-store.contract';

describeEventStoreContract('embedded SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'event-store-'));
  const file = join(dir, 'events.sqlite');
  const subject = {
    store: new SqliteEventStore(file),
    reopen: async () => new SqliteEventStore(file),
    dispose: async () => {
      await subject.store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return subject;
});
