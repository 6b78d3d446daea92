import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { Document } from '../../backend/src/storage/read-store/read-store.port';
import { SqliteReadStore } from '../../backend/src/storage/read-store/sqlite-read-store';
import { ALL_ENTRIES_FIGURE, AUDIT_COLLECTION, AUDIT_FIGURES_COLLECTION, AuditProjector } from './audit.projector';

const event = (position: number, streamId = `order-${position}`): RecordedEvent => ({
  id: `event-${position}`,
  streamId,
  revision: 0,
  position,
  type: 'OrderStatusChanged',
  version: 1,
  data: { orderId: position, from: 'pending', to: 'processing' },
  metadata: { correlationId: 'c', causationId: null, actorId: 'admin-1', occurredAt: '2026-11-27T10:00:00.000Z' },
});

describe('AuditProjector', () => {
  const stores: SqliteReadStore[] = [];
  const open = async () => {
    const store = new SqliteReadStore(':memory:', 'rebuildable');
    stores.push(store);
    const projector = new AuditProjector(store);
    await projector.prepare();
    return { store, projector };
  };
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
  });
  const contents = async (store: SqliteReadStore) => ({
    entries: await store.collection<Document>(AUDIT_COLLECTION).find({}, { sort: { position: 1 } }),
    count: (await store.collection<Document & { count: number }>(AUDIT_FIGURES_COLLECTION).findOne({ _id: ALL_ENTRIES_FIGURE }))?.count,
  });
  const events = Array.from({ length: 9 }, (_, i) => event(i + 1));

  it('writes the same entries and count from runs of events as one at a time', async () => {
    const one = await open();
    for (const recorded of events) await one.projector.apply(recorded);
    const runs = await open();
    for (const run of [events.slice(0, 4), events.slice(4, 5), events.slice(5)]) await runs.store.writeAll(await runs.projector.planBatch(run));
    expect(await contents(runs.store)).toEqual(await contents(one.store));
    expect((await contents(runs.store)).count).toBe(9);
  });

  it('refuses a run holding an event applied halfway one at a time before a crash, which then counts once', async () => {
    const { store, projector } = await open();
    for (const recorded of events.slice(0, 3)) await projector.apply(recorded);
    await projector.apply(events[3]);
    // The crash: the count moved, the entry was not written.
    await store.collection(AUDIT_COLLECTION).deleteOne({ _id: '4' });
    await expect(store.writeAll(await projector.planBatch(events.slice(3)))).rejects.toMatchObject({ name: 'DuplicateKeyError' });
    for (const recorded of events.slice(3)) await projector.apply(recorded);
    const { entries, count } = await contents(store);
    expect(entries.map((entry) => entry._id)).toEqual(events.map((recorded) => String(recorded.position)));
    expect(count).toBe(9);
  });
});
