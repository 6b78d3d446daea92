import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { SqliteEventStore } from '../../backend/src/storage/event-store/sqlite-event-store';
import { SqliteReadStore } from '../../backend/src/storage/read-store/sqlite-read-store';
import { BatchWrite, Document } from '../../backend/src/storage/read-store/read-store.port';
import { CatalogueProjector, PRODUCTS_COLLECTION, ProductDocument } from '../catalogue/catalogue.projector';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { ProjectionRunner } from './projection-runner';
import { CounterMoves, incrementOnce, Projector } from './projector';
import { LeaseKeeper } from '../../backend/src/shared/leases/lease-keeper';
import { DocumentLeaseStore, LEASES_COLLECTION } from '../../backend/src/storage/leases/document-lease-store';
import { AppConfig } from '../../backend/src/config';
import { ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { EventStore } from '../../backend/src/storage/event-store/event-store.port';

/** A runner as one process on embedded storage has it: it holds every lease (whoever held them before lets go, as at start-up). */
function runnerOf(eventStore: EventStore, readStore: ReadStore, projectors: Projector[]): ProjectionRunner {
  const leases = new LeaseKeeper(new DocumentLeaseStore(readStore.collection(LEASES_COLLECTION), false, () => Date.now()), { leaseTtlSeconds: 10 } as AppConfig);
  const runner = new ProjectionRunner(eventStore, readStore, projectors, leases);
  const start = runner.start.bind(runner);
  const stop = runner.stop.bind(runner);
  runner.start = async () => {
    await readStore.collection(LEASES_COLLECTION).updateMany({}, { $set: { expiresAt: 0 } });
    await start();
  };
  runner.stop = async () => {
    await stop();
    await leases.stop();
  };
  return runner;
}

const metadata = () => ({ correlationId: randomUUID(), causationId: null, actorId: null, occurredAt: new Date().toISOString() });

const productCreated = (productId: number, stock: number) => ({
  type: 'ProductCreated',
  version: 1,
  metadata: metadata(),
  data: {
    productId, name: `Peptide ${productId}`, sku: `SKU-${productId}`, description: '', imageUrl: null, grade: null, dosage: null, contents: null,
    badges: [], categoryId: null, price: '10.00', salePrice: null, isOnSale: false, stock, isActive: true,
  },
});

const stockAdjusted = (productId: number, delta: number, stockAfter: number) => ({
  type: 'StockAdjusted',
  version: 1,
  metadata: metadata(),
  data: { productId, delta, reason: 'test', stockAfter },
});

describe('ProjectionRunner', () => {
  let eventStore: SqliteEventStore;
  let readStore: SqliteReadStore;
  let runner: ProjectionRunner;

  beforeEach(async () => {
    eventStore = new SqliteEventStore(':memory:');
    readStore = new SqliteReadStore(':memory:', 'rebuildable');
    runner = runnerOf(eventStore, readStore, [new CatalogueProjector(readStore)]);
  });
  afterEach(async () => {
    await runner.stop();
    await eventStore.close();
    await readStore.close();
  });

  const product = (id: number) => readStore.collection<ProductDocument>(PRODUCTS_COLLECTION).findOne({ _id: String(id) });

  it('lets a caller wait until its own write is visible in the read model', async () => {
    await runner.start();
    const { position } = await eventStore.append('product-1', [productCreated(1, 5)], 'no_stream');
    expect(await runner.waitFor(position)).toBe(true);
    expect((await product(1))?.stock).toBe(5);
  });

  it('applies an event replayed after a crash only once', async () => {
    await runner.start();
    await eventStore.append('product-1', [productCreated(1, 5), stockAdjusted(1, -2, 3)], 'no_stream');
    await runner.catchUp();
    await runner.stop();
    const [, adjusted] = await eventStore.readStream('product-1');
    const projector = new CatalogueProjector(readStore);
    await projector.apply({ ...adjusted, data: { ...(adjusted.data as object), stockAfter: 99 } });
    expect((await product(1))?.stock).toBe(3);
  });

  it('resumes from its checkpoint after a restart without reapplying history', async () => {
    await runner.start();
    const { position } = await eventStore.append('product-1', [productCreated(1, 5)], 'no_stream');
    await runner.waitFor(position);
    await runner.stop();

    const restarted = runnerOf(eventStore, readStore, [new CatalogueProjector(readStore)]);
    await restarted.start();
    const next = await eventStore.append('product-1', [stockAdjusted(1, 1, 6)], 0);
    await restarted.waitFor(next.position);
    expect(restarted.appliedSinceStart()).toBe(1);
    expect((await product(1))?.stock).toBe(6);
    await restarted.stop();
  });

  it('is past events it has nothing to do with at once, and keeps that position across a clean restart', async () => {
    await runner.start();
    await eventStore.append('product-1', [productCreated(1, 5)], 'no_stream');
    const { position } = await eventStore.append('traffic-2026-11-24', [{ type: 'PageViewed', version: 1, metadata: metadata(), data: {} }], 'any');
    expect(await runner.waitFor(position)).toBe(true);
    await runner.stop();

    const checkpoint = await readStore.collection<Document & { position: number }>('projection_checkpoints').findOne({ _id: 'catalogue' });
    expect(checkpoint?.position).toBe(position);
  });

  it('rebuilds its read models from zero to the same state', async () => {
    await runner.start();
    await eventStore.append('product-1', [productCreated(1, 5), stockAdjusted(1, 2, 7)], 'no_stream');
    await eventStore.append('product-2', [productCreated(2, 1)], 'no_stream');
    await runner.catchUp();
    const strip = (docs: Document[]) => docs.map(({ _position, ...rest }) => rest);
    const before = strip(await readStore.collection(PRODUCTS_COLLECTION).find({}, { sort: { _id: 1 } }));
    await readStore.collection(PRODUCTS_COLLECTION).updateOne({ _id: '1' }, { $set: { stock: -100 } });
    await runner.rebuild();
    expect(strip(await readStore.collection(PRODUCTS_COLLECTION).find({}, { sort: { _id: 1 } }))).toEqual(before);
  });

  it('answers false when a position is not reached in time', async () => {
    await runner.start();
    expect(await runner.waitFor(10_000, ['catalogue'], 50)).toBe(false);
  });
});

describe('ProjectionRunner with a poison event', () => {
  /** A read model whose projector cannot apply one event until it is fixed. */
  class FragileProjector implements Projector {
    readonly name = 'fragile';
    readonly collections = ['fragile_docs'] as const;
    fixed = false;
    applied: number[] = [];
    async prepare(): Promise<void> {}
    canHandle(event: RecordedEvent): boolean {
      return event.streamId.startsWith('product-');
    }
    async apply(event: RecordedEvent): Promise<void> {
      if (!this.fixed && (event.data as { productId: number }).productId === 2) throw new TypeError('Cannot read properties of undefined');
      this.applied.push(event.position);
    }
  }

  it('parks the event, reports it, keeps every other projector and later event going, and applies it again once fixed', async () => {
    const eventStore = new SqliteEventStore(':memory:');
    const readStore = new SqliteReadStore(':memory:', 'rebuildable');
    const fragile = new FragileProjector();
    const runner = runnerOf(eventStore, readStore, [fragile, new CatalogueProjector(readStore)]);
    try {
      await runner.start();
      await eventStore.append('product-1', [productCreated(1, 5)], 'no_stream');
      const poison = await eventStore.append('product-2', [productCreated(2, 5)], 'no_stream');
      const later = await eventStore.append('product-3', [productCreated(3, 5)], 'no_stream');

      expect(await runner.waitFor(later.position, ['fragile', 'catalogue'])).toBe(true);
      expect(fragile.applied).toEqual([poison.position - 1, later.position]);
      expect((await readStore.collection<ProductDocument>(PRODUCTS_COLLECTION).find({})).map((doc) => doc.id).sort()).toEqual([1, 2, 3]);
      const [parked] = await runner.parked();
      expect(parked).toMatchObject({ projector: 'fragile', position: poison.position, type: 'ProductCreated', streamId: 'product-2', error: 'TypeError: Cannot read properties of undefined' });
      await expect(runner.readYourWrite(poison.position, ['fragile'], '/api/products/2')).rejects.toMatchObject({ status: 202, location: '/api/products/2' });
      await runner.readYourWrite(poison.position, ['catalogue'], '/api/products/2');

      await expect(runner.retryParked('fragile', poison.position)).rejects.toThrow(TypeError);
      fragile.fixed = true;
      await runner.retryParked('fragile', poison.position);
      expect(fragile.applied).toContain(poison.position);
      expect(await runner.parked()).toEqual([]);
    } finally {
      await runner.stop();
      await eventStore.close();
      await readStore.close();
    }
  }, 15_000);
});

describe('ProjectionRunner with a projector that applies runs of events at once', () => {
  type Counted = { key: string; n: number };
  /** Tallies `n` per key: one by one with apply, or a run at a time with planBatch (the run's sums, one write per key). */
  class TallyProjector implements Projector {
    readonly name = 'tally';
    readonly collections = ['tally_counts'] as const;
    runs: number[] = [];
    /** A key whose counter holds text: a write that moves it fails, in a run as one by one. */
    poisonKey = '';
    constructor(private readonly readStore: ReadStore) {}
    async prepare(): Promise<void> {}
    canHandle(event: RecordedEvent): boolean {
      return event.streamId.startsWith('tally-');
    }
    batches(event: RecordedEvent): boolean {
      return event.type === 'Counted';
    }
    async apply(event: RecordedEvent): Promise<void> {
      const { key, n } = event.data as Counted;
      if (event.type === 'Counted') await incrementOnce(this.readStore.collection('tally_counts'), key, event, { n });
    }
    async planBatch(events: readonly RecordedEvent[]): Promise<BatchWrite[]> {
      this.runs.push(events.length);
      const moves = new CounterMoves();
      for (const event of events) moves.add('tally_counts', (event.data as Counted).key, event, { n: (event.data as Counted).n });
      return moves.writes();
    }
  }
  const counted = (key: string, n: number) => ({ type: 'Counted', version: 1, metadata: metadata(), data: { key, n } });
  const other = () => ({ type: 'Noted', version: 1, metadata: metadata(), data: {} });

  let eventStore: SqliteEventStore;
  let readStore: SqliteReadStore;
  beforeEach(() => {
    eventStore = new SqliteEventStore(':memory:');
    readStore = new SqliteReadStore(':memory:', 'rebuildable');
  });
  afterEach(async () => {
    await eventStore.close();
    await readStore.close();
  });
  const totals = async () => Object.fromEntries((await readStore.collection<Document & { n: number }>('tally_counts').find({}, { sort: { _id: 1 } })).map((doc) => [doc._id, doc.n]));
  const checkpoint = async () => (await readStore.collection<Document & { position: number | null }>('projection_checkpoints').findOne({ _id: 'tally' }))?.position;

  it('commits each run with its checkpoint, to the totals one by one gives, and applies none of it again after a restart', async () => {
    // A backlog read from the log (events it batches, one it applies alone, events of other streams), then events as they come.
    for (let i = 0; i < 30; i += 1) await eventStore.append(`tally-${i % 3}`, [counted(`k${i % 4}`, i)], 'any');
    await eventStore.append('tally-0', [other()], 'any');
    await eventStore.append('product-1', [productCreated(1, 5)], 'no_stream');
    const tally = new TallyProjector(readStore);
    const runner = runnerOf(eventStore, readStore, [tally]);
    await runner.start();
    expect(await runner.catchUp()).toBe(true);
    const { position } = await eventStore.append('tally-9', [counted('k0', 100), counted('k9', 1)], 'any');
    expect(await runner.waitFor(position)).toBe(true);
    await runner.stop();

    const sum = (key: number) => Array.from({ length: 30 }, (_, i) => i).filter((i) => i % 4 === key).reduce((total, i) => total + i, 0);
    expect(await totals()).toEqual({ k0: sum(0) + 100, k1: sum(1), k2: sum(2), k3: sum(3), k9: 1 });
    expect(tally.runs.reduce((total, run) => total + run, 0)).toBe(32);
    expect(Math.max(...tally.runs)).toBeGreaterThan(1);
    expect(await checkpoint()).toBe(position);

    const restarted = runnerOf(eventStore, readStore, [new TallyProjector(readStore)]);
    await restarted.start();
    await restarted.catchUp();
    expect(restarted.appliedSinceStart()).toBe(0);
    await restarted.stop();
    expect(await totals()).toMatchObject({ k0: sum(0) + 100 });
  });

  it('applies a run one by one when it cannot be committed, parking only the event at fault', async () => {
    await readStore.collection('tally_counts').insertOne({ _id: 'bad', n: 'text', _position: 0 });
    const tally = new TallyProjector(readStore);
    const runner = runnerOf(eventStore, readStore, [tally]);
    try {
      await eventStore.append('tally-1', [counted('a', 1), counted('bad', 1), counted('a', 2)], 'any');
      await runner.start();
      expect(await runner.catchUp(20_000)).toBe(true);
      expect(await totals()).toEqual({ a: 3, bad: 'text' });
      // Tried as a run (and again after each quick retry), then event by event.
      expect(new Set(tally.runs)).toEqual(new Set([3]));
      expect((await runner.parked()).map((event) => event.position)).toEqual([2]);
    } finally {
      await runner.stop();
    }
  }, 20_000);

  it('writes nothing of a run once a newer holder of its lease has written the checkpoint', async () => {
    const runner = runnerOf(eventStore, readStore, [new TallyProjector(readStore)]);
    try {
      await runner.start();
      // Another instance took the lease meanwhile and wrote the checkpoint with its newer token.
      await readStore.collection('projection_checkpoints').updateOne({ _id: 'tally' }, { $set: { token: 1_000_000 } });
      await eventStore.append('tally-1', [counted('a', 1), counted('a', 2)], 'any');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await totals()).toEqual({});
      expect(await checkpoint()).toBeNull();
    } finally {
      await runner.stop();
    }
  });
});

describe('ProjectionRunner with projectors of different speeds', () => {
  /** Records what it applies; `gate` holds every apply until released. */
  class RecordingProjector implements Projector {
    readonly collections = [] as const;
    applied: number[] = [];
    gate: Promise<void> = Promise.resolve();
    /** Thread time each apply takes (a busy wait), as a read model's writes do. */
    busyMs = 0;
    constructor(
      readonly name: string,
      readonly version = 1,
    ) {}
    async prepare(): Promise<void> {}
    canHandle(event: RecordedEvent): boolean {
      return event.streamId.startsWith('product-');
    }
    async apply(event: RecordedEvent): Promise<void> {
      await this.gate;
      for (const until = performance.now() + this.busyMs; performance.now() < until; );
      this.applied.push(event.position);
    }
  }

  let eventStore: SqliteEventStore;
  let readStore: SqliteReadStore;
  beforeEach(() => {
    eventStore = new SqliteEventStore(':memory:');
    readStore = new SqliteReadStore(':memory:', 'rebuildable');
  });
  afterEach(async () => {
    await eventStore.close();
    await readStore.close();
  });

  /**
   * A fast and a slow projector (held at its gate until `release`), and 2,500 events the fast one has
   * applied: more than a projector may hold in memory, so the slow one lets go of the shared reader and
   * will read the log itself.
   */
  async function slowOneBehindABacklog() {
    const fast = new RecordingProjector('fast');
    const slow = new RecordingProjector('slow');
    let release!: () => void;
    slow.gate = new Promise((resolve) => (release = resolve));
    const runner = runnerOf(eventStore, readStore, [fast, slow]);
    await runner.start();
    for (let n = 1; n <= 2500; n += 1) await eventStore.append(`product-${n}`, [productCreated(n, 1)], 'no_stream');
    const head = (await eventStore.headPosition())!;
    expect(await runner.waitFor(head, ['fast'], 20_000)).toBe(true);
    return { fast, slow, release, runner, head };
  }

  it('lets a fast read model answer while a slow one is still working off its backlog, and the slow one catches up from the log in order', async () => {
    const { fast, slow, release, runner, head } = await slowOneBehindABacklog();
    try {
      expect(fast.applied).toHaveLength(2500);
      expect(runner.positionOf('slow') ?? 0).toBeLessThan(head);

      release();
      expect(await runner.waitFor(head, ['slow'], 20_000)).toBe(true);
      expect(slow.applied).toEqual(fast.applied);
      // Following the shared reader again: a new event reaches both.
      const next = await eventStore.append('product-9999', [productCreated(9999, 1)], 'no_stream');
      expect(await runner.waitFor(next.position, ['fast', 'slow'])).toBe(true);
      expect(slow.applied.at(-1)).toBe(next.position);
    } finally {
      release();
      await runner.stop();
    }
  }, 60_000);

  it('lets other work in between the events of a projector catching up from the log, not only between its batches', async () => {
    const { fast, slow, release, runner, head } = await slowOneBehindABacklog();
    try {
      // 0.2 ms per event: 500 ms of catching up, read from the log 500 events (100 ms) at a time.
      slow.busyMs = 0.2;
      let turns = 0;
      let caughtUp = false;
      const turn = () => {
        turns += 1;
        if (!caughtUp) setImmediate(turn);
      };
      setImmediate(turn);
      release();
      expect(await runner.waitFor(head, ['slow'], 20_000)).toBe(true);
      caughtUp = true;
      // The event loop came round about once per 4 ms slice (about 125 times); once per batch would be 5 or 6.
      expect(turns).toBeGreaterThan(40);
      expect(slow.applied).toEqual(fast.applied);
    } finally {
      release();
      await runner.stop();
    }
  }, 60_000);

  it('rebuilds from the log only the read model whose version changed', async () => {
    const stays = new RecordingProjector('stays');
    const changes = new RecordingProjector('changes');
    const runner = runnerOf(eventStore, readStore, [stays, changes]);
    await runner.start();
    const { position } = await eventStore.append('product-1', [productCreated(1, 1), stockAdjusted(1, 1, 2)], 'no_stream');
    await runner.waitFor(position, ['stays', 'changes']);
    await runner.stop();

    const staysAgain = new RecordingProjector('stays');
    const changed = new RecordingProjector('changes', 2);
    const restarted = runnerOf(eventStore, readStore, [staysAgain, changed]);
    try {
      await restarted.start();
      expect(await restarted.waitFor(position, ['stays', 'changes'])).toBe(true);
      expect(staysAgain.applied).toEqual([]);
      expect(changed.applied).toEqual([position - 1, position]);
    } finally {
      await restarted.stop();
    }
  });
});
