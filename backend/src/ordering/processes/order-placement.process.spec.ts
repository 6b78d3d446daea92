import { Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReserveStock } from '../../catalogue/commands/public';
import { ConcurrencyConflictError, ConflictError } from '../../shared/errors';
import { systemContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { SqliteEventStore } from '../../storage/event-store/sqlite-event-store';
import { orderStream } from '../contract/order.events';
import { sampleOrderDetails } from '../domain/order-details.fixture';
import { orderDecider } from '../domain/order.decider';
import { OrderPlacement, OrderStillBeingPlaced } from './order-placement.process';

const ORDER = 1042;
const details = sampleOrderDetails({ orderId: ORDER });

/** The placement process on a real event store; the catalogue's answer to ReserveStock is the test's. */
describe('OrderPlacement', () => {
  let dir: string;
  let store: SqliteEventStore;
  let streams: StreamExecutor;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'placement-'));
    store = new SqliteEventStore(join(dir, 'events.sqlite'));
    streams = new StreamExecutor(store);
    await streams.start(orderStream(ORDER), orderDecider.decide({ kind: 'submit', details }, orderDecider.initialState), systemContext());
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const placementAnswering = (reserve: () => Promise<unknown>) => new OrderPlacement(streams, { execute: (command: unknown) => (command instanceof ReserveStock ? reserve() : Promise.resolve({})) } as unknown as CommandBus);

  it('rejects the order when the catalogue refuses a line (out of stock)', async () => {
    const placement = placementAnswering(() => Promise.reject(new ConflictError('BPC-157 5mg is out of stock')));
    await expect(placement.run(ORDER, systemContext())).rejects.toThrow('BPC-157 5mg is out of stock');
    expect((await streams.load(orderStream(ORDER), orderDecider)).state.stage).toBe('rejected');
  });

  it('leaves the order submitted, for the supervisor, when other instances kept the product busy: contention is no refusal', async () => {
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      const placement = placementAnswering(() => Promise.reject(new ConcurrencyConflictError()));
      await expect(placement.run(ORDER, systemContext())).rejects.toBeInstanceOf(OrderStillBeingPlaced);
      expect((await streams.load(orderStream(ORDER), orderDecider)).state.stage).toBe('submitted');
      // The supervisor's run, once the product is quiet, places it.
      const later = placementAnswering(() => Promise.resolve({ position: null }));
      await expect(later.resume(ORDER, systemContext())).resolves.toMatchObject({ refusal: null });
      expect((await streams.load(orderStream(ORDER), orderDecider)).state.stage).toBe('placed');
    } finally {
      errors.mockRestore();
    }
  });
});
