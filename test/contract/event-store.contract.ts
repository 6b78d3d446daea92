import { randomUUID } from 'node:crypto';
import {
  EventStore,
  NewEvent,
  RecordedEvent,
  WrongExpectedRevisionError,
} from '../../backend/src/storage/event-store/event-store.port';

export interface EventStoreUnderTest {
  store: EventStore;
  /** Opens the same storage again, as a restarted process would. */
  reopen?: () => Promise<EventStore>;
  dispose: () => Promise<void>;
}

const metadata = () => ({
  correlationId: randomUUID(),
  causationId: null,
  actorId: null,
  occurredAt: new Date().toISOString(),
});

const event = (type: string, data: Record<string, unknown> = {}): NewEvent => ({
  type,
  version: 1,
  data,
  metadata: metadata(),
});

/** Every EventStore adapter must pass this suite unchanged. */
export function describeEventStoreContract(adapterName: string, open: () => Promise<EventStoreUnderTest>) {
  describe(`EventStore contract: ${adapterName}`, () => {
    let subject: EventStoreUnderTest;
    let store: EventStore;
    const stream = (name: string) => `${name}-${randomUUID().replace(/-/g, '')}`;

    beforeEach(async () => {
      subject = await open();
      store = subject.store;
    });
    afterEach(async () => {
      await subject.dispose();
    });

    it('reads an unknown stream as empty', async () => {
      expect(await store.readStream(stream('missing'))).toEqual([]);
      expect(await store.readStream(stream('missing'), 3)).toEqual([]);
      expect(await store.streamRevision(stream('missing'))).toBeNull();
    });

    it('reads a stream from a revision on, and tells the revision of its last event', async () => {
      const id = stream('product');
      await store.append(id, [event('A'), event('B'), event('C')], 'no_stream');
      await store.append(id, [event('D')], 2);
      expect((await store.readStream(id, 2)).map((e) => [e.type, e.revision])).toEqual([
        ['C', 2],
        ['D', 3],
      ]);
      expect(await store.readStream(id, 4)).toEqual([]);
      expect((await store.readStream(id, 0)).map((e) => e.type)).toEqual(['A', 'B', 'C', 'D']);
      expect(await store.streamRevision(id)).toBe(3);
    });

    it('appends to a new stream and reads the events back in order with their payloads', async () => {
      const id = stream('product');
      const result = await store.append(id, [event('ProductCreated', { name: 'BPC-157' }), event('StockAdjusted', { delta: 5 })], 'no_stream');
      expect(result.revision).toBe(1);
      const events = await store.readStream(id);
      expect(events.map((e) => [e.type, e.revision, e.streamId])).toEqual([
        ['ProductCreated', 0, id],
        ['StockAdjusted', 1, id],
      ]);
      expect(events[0].data).toEqual({ name: 'BPC-157' });
      expect(events[0].version).toBe(1);
      expect(events[0].metadata.correlationId).toEqual(expect.any(String));
      expect(events[1].position).toBeGreaterThan(events[0].position);
      expect(result.position).toBe(events[1].position);
    });

    it('accepts an append at the expected revision and rejects a stale one with a typed conflict', async () => {
      const id = stream('order');
      await store.append(id, [event('OrderPlaced')], 'no_stream');
      await store.append(id, [event('OrderShipped')], 0);
      await expect(store.append(id, [event('OrderDelivered')], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(store.append(id, [event('OrderPlaced')], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(store.append(stream('order'), [event('OrderShipped')], 3)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect((await store.readStream(id)).map((e) => e.type)).toEqual(['OrderPlaced', 'OrderShipped']);
    });

    it('lets exactly one of two concurrent appends with the same expected revision succeed', async () => {
      const id = stream('product');
      await store.append(id, [event('ProductCreated')], 'no_stream');
      const outcomes = await Promise.allSettled([
        store.append(id, [event('StockReserved', { by: 'a' })], 0),
        store.append(id, [event('StockReserved', { by: 'b' })], 0),
      ]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(rejected).toHaveLength(1);
      expect(rejected[0].reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it('appends with expected revision any regardless of the stream state', async () => {
      const id = stream('traffic');
      await store.append(id, [event('PageViewed')], 'any');
      await store.append(id, [event('PageViewed')], 'any');
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it('reads the global log after a position, in append order, across streams', async () => {
      const before = await store.headPosition();
      const a = stream('a');
      const b = stream('b');
      await store.append(a, [event('First')], 'no_stream');
      await store.append(b, [event('Second'), event('Third')], 'no_stream');
      await store.append(a, [event('Fourth')], 0);
      const ours = (await store.readAll(before, 1000)).filter((e) => e.streamId === a || e.streamId === b);
      expect(ours.map((e) => e.type)).toEqual(['First', 'Second', 'Third', 'Fourth']);
      const afterSecond = await store.readAll(ours[1].position, 1000);
      expect(afterSecond.filter((e) => e.streamId === a || e.streamId === b).map((e) => e.type)).toEqual(['Third', 'Fourth']);
      expect(await store.headPosition()).toBeGreaterThanOrEqual(ours[3].position);
    });

    it('pages through the global log with a limit', async () => {
      const before = await store.headPosition();
      const id = stream('paged');
      await store.append(id, [event('One'), event('Two'), event('Three')], 'no_stream');
      const page = await store.readAll(before, 2);
      expect(page).toHaveLength(2);
      const rest = await store.readAll(page[1].position, 1000);
      const all = [...page, ...rest].filter((e) => e.streamId === id);
      expect(all.map((e) => e.type)).toEqual(['One', 'Two', 'Three']);
    });

    it('delivers history and then live events to a subscriber, in order, one at a time', async () => {
      const before = await store.headPosition();
      const id = stream('live');
      await store.append(id, [event('Historic')], 'no_stream');
      const seen: string[] = [];
      let inHandler = 0;
      let overlapped = false;
      let allSeen: () => void = () => undefined;
      const done = new Promise<void>((resolve) => (allSeen = resolve));
      const subscription = store.subscribeToAll(before, async (e: RecordedEvent) => {
        if (e.streamId !== id) return;
        inHandler += 1;
        if (inHandler > 1) overlapped = true;
        await new Promise((r) => setTimeout(r, 5));
        seen.push(e.type);
        inHandler -= 1;
        if (seen.length === 3) allSeen();
      });
      await store.append(id, [event('LiveOne')], 0);
      await store.append(id, [event('LiveTwo')], 1);
      await done;
      await subscription.stop();
      expect(seen).toEqual(['Historic', 'LiveOne', 'LiveTwo']);
      expect(overlapped).toBe(false);
    });

    it('delivers an event again when the subscriber failed on it', async () => {
      const before = await store.headPosition();
      const id = stream('retry');
      await store.append(id, [event('First'), event('Second')], 'no_stream');
      const seen: string[] = [];
      let failures = 0;
      let allSeen: () => void = () => undefined;
      const done = new Promise<void>((resolve) => (allSeen = resolve));
      const subscription = store.subscribeToAll(before, async (e: RecordedEvent) => {
        if (e.streamId !== id) return;
        if (e.type === 'Second' && failures === 0) {
          failures += 1;
          throw new Error('transient failure');
        }
        seen.push(e.type);
        if (seen.length === 2) allSeen();
      });
      await done;
      await subscription.stop();
      expect(seen).toEqual(['First', 'Second']);
      expect(failures).toBe(1);
    });

    it('gives each of many simultaneous appends its own outcome, and keeps every acknowledged one', async () => {
      const contested = stream('order-id');
      const separate = Array.from({ length: 40 }, (_, n) => stream(`order-${n}`));
      const outcomes = await Promise.allSettled([
        ...separate.map((id, n) => store.append(id, [event('OrderPlaced', { n }), event('StockReserved', { n })], 'no_stream')),
        ...Array.from({ length: 10 }, (_, n) => store.append(contested, [event('OrderIdClaimed', { by: n })], 'no_stream')),
      ]);
      const fulfilled = outcomes.filter((o): o is PromiseFulfilledResult<{ revision: number; position: number }> => o.status === 'fulfilled');
      expect(fulfilled).toHaveLength(41);
      expect(new Set(fulfilled.map((o) => o.value.position)).size).toBe(41);
      expect(outcomes.filter((o) => o.status === 'rejected').every((o) => (o as PromiseRejectedResult).reason instanceof WrongExpectedRevisionError)).toBe(true);
      expect(await store.readStream(contested)).toHaveLength(1);
      if (!subject.reopen) return;
      const reopened = await subject.reopen();
      for (const [n, id] of separate.entries()) expect((await reopened.readStream(id)).map((e) => e.data)).toEqual([{ n }, { n }]);
      await reopened.close();
    });

    it('keeps acknowledged events across a reopen', async () => {
      if (!subject.reopen) return;
      const id = stream('durable');
      await store.append(id, [event('OrderPlaced', { total: '10.00' })], 'no_stream');
      await store.close();
      store = await subject.reopen();
      subject.store = store;
      const events = await store.readStream(id);
      expect(events.map((e) => e.data)).toEqual([{ total: '10.00' }]);
      await store.append(id, [event('OrderShipped')], 0);
      expect(await store.readStream(id)).toHaveLength(2);
    });
  });
}
