import { Logger } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
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
import { AppConfig } from '../../config';
import { buyerHoldsStream } from '../contract/buyer-holds';
import { buyerHoldsDecider } from '../domain/buyer-holds.decider';
import { BuyerHolds } from './buyer-holds';
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

  const oneUnpaidOrderPerBuyer = { unpaidHolds: { ordersPerBuyer: 1, sharePercent: 10 } } as AppConfig;
  const noProducts = { execute: () => Promise.resolve([]) } as unknown as QueryBus;
  const placementAnswering = (reserve: () => Promise<unknown>) =>
    new OrderPlacement(streams, { execute: (command: unknown) => (command instanceof ReserveStock ? reserve() : Promise.resolve({})) } as unknown as CommandBus, new BuyerHolds(streams, noProducts, oneUnpaidOrderPerBuyer));
  const submitted = (orderId: number, buyers: string[]) => streams.start(orderStream(orderId), orderDecider.decide({ kind: 'submit', details: { ...details, orderId }, buyers }, orderDecider.initialState), systemContext());
  const heldOrders = async (buyer: string) => Object.keys((await streams.load(buyerHoldsStream(buyer), buyerHoldsDecider)).state.orders).map(Number);

  it('rejects an order over its buyer\'s bound on unpaid orders before holding any stock, and counts it for nobody', async () => {
    await submitted(2001, ['address-a', 'email-b']);
    await submitted(2002, ['address-z', 'email-b']);
    const reserved: unknown[] = [];
    const placement = placementAnswering(() => Promise.resolve(reserved.push(1)));
    await placement.run(2001, systemContext());
    await expect(placement.run(2002, systemContext())).rejects.toThrow('You have 1 unpaid order. Pay or cancel one before placing another.');
    expect(reserved).toHaveLength(1);
    expect((await streams.load(orderStream(2002), orderDecider)).state.stage).toBe('rejected');
    expect(await heldOrders('address-z')).toEqual([]);
    expect(await heldOrders('email-b')).toEqual([2001]);
  });

  it('frees a settled order that still counts against its buyer when the bound would refuse the next one', async () => {
    await submitted(2001, ['email-b']);
    const placement = placementAnswering(() => Promise.resolve({ position: null }));
    await placement.run(2001, systemContext());
    // Cancelled without its stock return having run (a crash): the ledger still counts it.
    await streams.execute(orderStream(2001), orderDecider, { kind: 'cancel', reason: 'changed my mind' }, systemContext());
    await submitted(2002, ['email-b']);
    await expect(placement.run(2002, systemContext())).resolves.toMatchObject({ orderId: 2002 });
    expect(await heldOrders('email-b')).toEqual([2002]);
  });

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
