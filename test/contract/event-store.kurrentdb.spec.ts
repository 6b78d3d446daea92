import { openKurrentDbEventStore } from '../../backend/src/storage/event-store/kurrentdb-event-store';
import { describeEventStoreContract } from './event-store.contract';

const url = process.env.EVENTSTORE_URL;

if (url) {
  describeEventStoreContract('KurrentDB', async () => {
    const subject = {
      store: await openKurrentDbEventStore(url),
      reopen: () => openKurrentDbEventStore(url),
      dispose: async () => {
        await subject.store.close();
      },
    };
    return subject;
  });
} else {
  console.log('EVENTSTORE_URL not set: skipping the KurrentDB event store contract suite');
  describe.skip('EventStore contract: KurrentDB', () => {
    it('needs a KurrentDB server at EVENTSTORE_URL', () => undefined);
  });
}
