import { SqliteEventStore } from '../../storage/event-store/sqlite-event-store';
import { DomainEvent } from '../contract/domain-event';
import { ConflictError } from '../errors';
import { systemContext } from './command-context';
import { Decider } from './decider';
import { StreamExecutor } from './stream-executor';

type Added = DomainEvent<'Added', { amount: number }>;
/** A tally that refuses to pass a limit: enough to see ordering, conflicts and refusals. */
const tally: Decider<{ add: number; limit: number }, { total: number }, Added> = {
  initialState: { total: 0 },
  evolve: (state, event) => ({ total: state.total + event.data.amount }),
  decide: (command, state) => {
    if (state.total + command.add > command.limit) throw new ConflictError('Over the limit');
    return [{ type: 'Added', version: 1, data: { amount: command.add } }];
  },
};

/** The embedded store, counting what loading reads. */
class CountingStore extends SqliteEventStore {
  eventsRead = 0;
  conflicts = 0;
  override async readStream(streamId: string, from = 0) {
    const events = await super.readStream(streamId, from);
    this.eventsRead += events.length;
    return events;
  }
  override async append(...args: Parameters<SqliteEventStore['append']>) {
    try {
      return await super.append(...args);
    } catch (error) {
      this.conflicts += 1;
      throw error;
    }
  }
}

/** A store other processes write to as well (KurrentDB): nothing may be decided on an append not yet confirmed. */
class SharedStore extends CountingStore {
  override readonly soleWriter = false;
}

describe('StreamExecutor', () => {
  let store: CountingStore;
  beforeEach(() => {
    store = new CountingStore(':memory:');
  });
  afterEach(async () => {
    await store.close();
  });

  it('reads only what was appended since the state it holds, however long the stream', async () => {
    const streams = new StreamExecutor(store);
    for (let i = 0; i < 300; i += 1) await streams.execute('tally-1', tally, { add: 1, limit: 1_000 }, systemContext());
    store.eventsRead = 0;
    expect((await streams.load('tally-1', tally)).state.total).toBe(300);
    expect(store.eventsRead).toBe(0);

    // Another process appends: the next load reads that one event, not the 301 before it.
    await new StreamExecutor(store).execute('tally-1', tally, { add: 5, limit: 1_000 }, systemContext());
    store.eventsRead = 0;
    expect((await streams.load('tally-1', tally)).state).toEqual({ total: 305 });
    expect(store.eventsRead).toBe(1);
  });

  it('runs simultaneous commands on one stream one after another, without a single conflict, refusing exactly those over the limit', async () => {
    const streams = new StreamExecutor(store);
    const outcomes = await Promise.allSettled(Array.from({ length: 200 }, () => streams.execute('tally-2', tally, { add: 1, limit: 150 }, systemContext())));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(150);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => (outcome as PromiseRejectedResult).reason.message)).toEqual(Array(50).fill('Over the limit'));
    expect(store.conflicts).toBe(0);
    expect((await store.readStream('tally-2')).map((event) => event.revision)).toEqual(Array.from({ length: 150 }, (_, i) => i));
  });

  it('decides again on fresh state when another process wrote in between, never losing a command nor passing the limit', async () => {
    const shared = new SharedStore(':memory:');
    const [here, elsewhere] = [new StreamExecutor(shared), new StreamExecutor(shared)];
    const outcomes = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => (i % 2 ? here : elsewhere).execute('tally-3', tally, { add: 1, limit: 150 }, systemContext())),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(150);
    expect((await new StreamExecutor(shared).load('tally-3', tally)).state.total).toBe(150);
    expect(shared.conflicts).toBeGreaterThan(0);
    await shared.close();
  });
});
