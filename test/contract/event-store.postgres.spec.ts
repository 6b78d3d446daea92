import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { NewEvent, RecordedEvent, WrongExpectedRevisionError } from '../../backend/src/storage/event-store/event-store.port';
import { openPostgresEventStore, PostgresEventStore } from '../../backend/src/storage/event-store/postgres-event-store';
import { DatabaseUnreachableError, PostgresSettings } from '../../backend/src/storage/postgres/postgres-database';
import { eventually } from '../support/eventually';
import { createTestDatabase, describeWithPostgres, TestDatabase } from '../support/postgres';
import { describeEventStoreContract } from './event-store.contract';

const event = (type: string, data: Record<string, unknown> = {}): NewEvent => ({
  type,
  version: 1,
  data,
  metadata: { correlationId: randomUUID(), causationId: null, actorId: null, occurredAt: new Date().toISOString() },
});
const stream = (name: string) => `${name}-${randomUUID().replace(/-/g, '')}`;

describeWithPostgres('PostgreSQL event store', () => {
  // One database for the whole file, made on the first open and dropped at the end.
  let database: Promise<TestDatabase> | null = null;
  const settings = async (): Promise<PostgresSettings> => {
    database ??= createTestDatabase('shop_events_test');
    return { url: (await database).url, poolSize: 4, caFile: null };
  };
  /** A connection of the test's own, to look at (or tamper with) the database behind the stores' backs. */
  const withClient = async <T>(work: (client: Client) => Promise<T>): Promise<T> => {
    const client = new Client({ connectionString: (await settings()).url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  afterAll(async () => {
    if (database) await (await database).drop();
  });

  describeEventStoreContract('PostgreSQL', async () => {
    const current = await settings();
    const subject = {
      store: await openPostgresEventStore(current),
      reopen: () => openPostgresEventStore(current),
      dispose: async () => {
        await subject.store.close();
      },
    };
    return subject;
  });

  describe('PostgreSQL: several app instances on one database', () => {
    let a: PostgresEventStore;
    let b: PostgresEventStore;

    beforeEach(async () => {
      // Two stores, two pools: two app instances (processes) as far as the database can tell.
      [a, b] = await Promise.all([openPostgresEventStore(await settings()), openPostgresEventStore(await settings())]);
    });
    afterEach(async () => {
      await Promise.all([a.close(), b.close()]);
    });

    it('lets exactly one of two instances append at the same expected revision', async () => {
      for (let round = 0; round < 10; round += 1) {
        const id = stream('order');
        await a.append(id, [event('OrderPlaced')], 'no_stream');
        const outcomes = await Promise.allSettled([a.append(id, [event('OrderPaid', { by: 'a' })], 0), b.append(id, [event('OrderPaid', { by: 'b' })], 0)]);
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(rejected).toHaveLength(1);
        expect(rejected[0].reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect(rejected[0].reason).toMatchObject({ streamId: id, expected: 0, actual: 1 });
        expect(await b.readStream(id)).toHaveLength(2);
      }
    });

    it('delivers to a subscriber of one instance the events another instance appends, in position order', async () => {
      const before = await a.headPosition();
      const id = stream('remote');
      const seen: RecordedEvent[] = [];
      const subscription = a.subscribeToAll(before, async (e) => {
        if (e.streamId === id) seen.push(e);
      });
      try {
        await b.append(id, [event('One'), event('Two')], 'no_stream');
        await b.append(id, [event('Three')], 1);
        await eventually(() => expect(seen.map((e) => e.type)).toEqual(['One', 'Two', 'Three']));
        expect(seen.map((e) => e.position)).toEqual([...seen.map((e) => e.position)].sort((x, y) => x - y));
        expect(seen.map((e) => e.revision)).toEqual([0, 1, 2]);
      } finally {
        await subscription.stop();
      }
    });

    it('never lets a subscriber skip an event that commits after a later one (no sequence gaps skipped)', async () => {
      const watcher = await openPostgresEventStore(await settings());
      const delivered: RecordedEvent[] = [];
      const subscription = watcher.subscribeToAll(null, async (e) => {
        delivered.push(e);
      });
      try {
        // Many small transactions from two instances at once, interleaving their positions, with a
        // few appends in flight per instance so batches of different sizes race each other.
        const appendMany = async (store: PostgresEventStore, name: string) => {
          const lanes = Array.from({ length: 3 }, async (_, lane) => {
            for (let n = lane; n < 300; n += 3) await store.append(stream(`${name}-${n}`), [event('Appended', { name, n })], 'no_stream');
          });
          await Promise.all(lanes);
        };
        await Promise.all([appendMany(a, 'a'), appendMany(b, 'b')]);
        const head = await a.headPosition();
        await eventually(() => expect(delivered[delivered.length - 1]?.position).toBe(head), 20_000);

        const log: RecordedEvent[] = [];
        for (let page = await a.readAll(null, 1000); page.length > 0; page = await a.readAll(page[page.length - 1].position, 1000)) log.push(...page);
        expect(delivered.map((e) => e.position)).toEqual(log.map((e) => e.position));
        expect(delivered.map((e) => e.id)).toEqual(log.map((e) => e.id));
        for (let i = 1; i < delivered.length; i += 1) expect(delivered[i].position).toBeGreaterThan(delivered[i - 1].position);
        const ours = delivered.filter((e) => e.type === 'Appended');
        expect(ours).toHaveLength(600);
        expect(new Set(ours.map((e) => e.id)).size).toBe(600);
      } finally {
        await subscription.stop();
        await watcher.close();
      }
    });

    it('keeps delivering, and listens again, when the LISTEN connection is dropped', async () => {
      const before = await a.headPosition();
      const id = stream('relisten');
      const seen: string[] = [];
      const subscription = a.subscribeToAll(before, async (e) => {
        if (e.streamId === id) seen.push(e.type);
      });
      try {
        const listeners = () =>
          withClient(async (client) => {
            const { rows } = await client.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'shop-events-listener' AND query ILIKE 'LISTEN%'");
            return rows.map((row) => row.pid);
          });
        let dropped: number[] = [];
        await eventually(async () => {
          dropped = await listeners();
          expect(dropped).toHaveLength(1);
        });
        await withClient((client) => client.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [dropped]));
        await b.append(id, [event('WhileDropped')], 'no_stream');
        await eventually(() => expect(seen).toEqual(['WhileDropped']));
        await eventually(async () => {
          const now = await listeners();
          expect(now).toHaveLength(1);
          expect(now).not.toEqual(dropped);
        });
        await b.append(id, [event('AfterRelisten')], 0);
        await eventually(() => expect(seen).toEqual(['WhileDropped', 'AfterRelisten']));
      } finally {
        await subscription.stop();
      }
    });

    it('reports a unique violation from a writer outside the lock as a conflict, not a failure', async () => {
      const id = stream('outside');
      await a.append(id, [event('First')], 'no_stream');
      await withClient(async (client) => {
        // A writer that takes no lock holds revision 1 uncommitted, so the store's insert waits on it and then hits 23505.
        await client.query('BEGIN');
        await client.query(
          `INSERT INTO shop_events (id, stream_id, revision, type, version, data, metadata) VALUES ($1, $2, 1, 'Outside', 1, '{}', $3)`,
          [randomUUID(), id, JSON.stringify(event('Outside').metadata)],
        );
        const appending = a.append(id, [event('Second')], 0);
        appending.catch(() => undefined);
        await eventually(async () => {
          const { rows } = await client.query("SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'shop-events' AND wait_event_type = 'Lock'");
          expect(rows).toHaveLength(1);
        });
        await client.query('COMMIT');
        await expect(appending).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(appending).rejects.toMatchObject({ streamId: id, expected: 0, actual: 1 });
      });
      expect((await a.readStream(id)).map((e) => e.type)).toEqual(['First', 'Outside']);
    });

    it('fails only the append PostgreSQL cannot store, and commits the others of its batch', async () => {
      const good = stream('good');
      const bad = stream('bad');
      const outcomes = await Promise.allSettled([
        a.append(good, [event('Fine')], 'no_stream'),
        a.append(bad, [event('Unstorable', { text: 'nul \u0000 inside' })], 'no_stream'),
        a.append(good, [event('AlsoFine')], 0),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((outcomes[1] as PromiseRejectedResult).reason.message).toContain(bad);
      expect((await a.readStream(good)).map((e) => e.type)).toEqual(['Fine', 'AlsoFine']);
      expect(await a.streamRevision(bad)).toBeNull();
    });

    it('names the position and stream of a row it cannot use, and reads on once it is repaired', async () => {
      const id = stream('damaged');
      const before = await a.headPosition();
      const { position } = await a.append(id, [event('Damaged')], 'no_stream');
      const original = await withClient(async (client) => {
        const { rows } = await client.query<{ metadata: string }>('SELECT metadata::text AS metadata FROM shop_events WHERE stream_id = $1', [id]);
        await client.query(`UPDATE shop_events SET metadata = '"not an object"' WHERE stream_id = $1`, [id]);
        return rows[0].metadata;
      });
      try {
        await expect(a.readAll(before, 10)).rejects.toThrow(new RegExp(`position ${position} \\(stream ${id}\\)`));
        const failures: unknown[] = [];
        const seen: string[] = [];
        const subscription = a.subscribeToAll(
          before,
          async (e) => {
            if (e.streamId === id) seen.push(e.type);
          },
          (error) => failures.push(error),
        );
        try {
          await eventually(() => expect(failures.length).toBeGreaterThan(0));
          expect((failures[0] as Error).name).toBe('DamagedEventError');
          expect(seen).toEqual([]);
          await withClient((client) => client.query('UPDATE shop_events SET metadata = $2::jsonb WHERE stream_id = $1', [id, original]));
          await eventually(() => expect(seen).toEqual(['Damaged']));
        } finally {
          await subscription.stop();
        }
      } finally {
        await withClient((client) => client.query('UPDATE shop_events SET metadata = $2::jsonb WHERE stream_id = $1', [id, original]));
      }
    });
  });

  describe('PostgreSQL: start-up', () => {
    it('creates its schema once when several instances start together on an empty database', async () => {
      const empty = await createTestDatabase('shop_events_test');
      try {
        const stores = await Promise.all(Array.from({ length: 4 }, () => openPostgresEventStore({ url: empty.url, poolSize: 2, caFile: null })));
        const id = stream('first');
        await stores[0].append(id, [event('First')], 'no_stream');
        expect((await stores[3].readStream(id)).map((e) => e.type)).toEqual(['First']);
        await Promise.all(stores.map((store) => store.close()));
      } finally {
        await empty.drop();
      }
    });

    it('refuses to start when DATABASE_URL cannot be reached, naming the variable', async () => {
      const opening = openPostgresEventStore({ url: 'postgres://shop:secret@127.0.0.1:1/shop', poolSize: 1, caFile: null });
      await expect(opening).rejects.toBeInstanceOf(DatabaseUnreachableError);
      await expect(opening).rejects.toThrow(/DATABASE_URL/);
      await expect(opening).rejects.not.toThrow(/secret/);
    });
  });
});
