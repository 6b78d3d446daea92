import { QueryBus } from '@nestjs/cqrs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppConfig } from '../../config';
import { systemContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { SqliteEventStore } from '../../storage/event-store/sqlite-event-store';
import { buyerHoldsStream } from '../contract/buyer-holds';
import { orderStream } from '../contract/order.events';
import { buyerHoldsDecider } from '../domain/buyer-holds.decider';
import { sampleOrderDetails } from '../domain/order-details.fixture';
import { orderDecider } from '../domain/order.decider';
import { BuyerHolds } from './buyer-holds';
import { PaymentReversal } from './payment-reversal.process';

/**
 * Issue 20: a paid order stops counting against its buyer's bound on unpaid orders (freed when the bound is
 * next reached); when the chain takes its payment back, it is unpaid again and must count again.
 */
describe('PaymentReversal and the buyer bounds', () => {
  let dir: string;
  let store: SqliteEventStore;
  let streams: StreamExecutor;
  const oneUnpaidOrderPerBuyer = { unpaidHolds: { ordersPerBuyer: 1, sharePercent: 100 } } as AppConfig;
  const noProducts = { execute: () => Promise.resolve([]) } as unknown as QueryBus;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'reversal-'));
    store = new SqliteEventStore(join(dir, 'events.sqlite'));
    streams = new StreamExecutor(store);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const heldOrders = async (buyer: string) => Object.keys((await streams.load(buyerHoldsStream(buyer), buyerHoldsDecider)).state.orders).map(Number);
  const paidOrder = async (orderId: number, buyers: string[], holds: BuyerHolds) => {
    const details = sampleOrderDetails({ orderId });
    await streams.start(orderStream(orderId), orderDecider.decide({ kind: 'submit', details, buyers }, orderDecider.initialState), systemContext());
    await holds.hold(orderId, buyers, details.lines, systemContext());
    await streams.execute(orderStream(orderId), orderDecider, { kind: 'completePlacement' }, systemContext());
    await streams.execute(orderStream(orderId), orderDecider, { kind: 'confirmPayment', paymentId: orderId * 10, transactionHash: 'ab'.repeat(32) }, systemContext());
    // What the next order's placement does when the bound is reached: the paid order stops counting.
    await holds.free(orderId, buyers, 'paid', systemContext());
  };

  it('counts an order against its buyers again when its payment is taken back, past their bound, once', async () => {
    const holds = new BuyerHolds(streams, noProducts, oneUnpaidOrderPerBuyer);
    const reversal = new PaymentReversal(streams, holds);
    await paidOrder(3001, ['address-a', 'email-b'], holds);
    // Another unpaid order fills the bound of one of its buyers.
    await holds.hold(3002, ['email-b'], sampleOrderDetails({ orderId: 3002 }).lines, systemContext());
    expect(await heldOrders('email-b')).toEqual([3002]);

    await reversal.run(3001, 30010, 'The block with the transfer was replaced', systemContext());
    expect((await streams.load(orderStream(3001), orderDecider)).state).toMatchObject({ status: 'pending', paidBy: null });
    expect(await heldOrders('address-a')).toEqual([3001]);
    expect((await heldOrders('email-b')).sort()).toEqual([3001, 3002]);

    // Run again (a retried sweep): nothing is taken back twice, nothing counted twice.
    expect(await reversal.run(3001, 30010, 'The block with the transfer was replaced', systemContext())).toBeNull();
    expect(await heldOrders('address-a')).toEqual([3001]);
  });

  it('counts nothing for a payment that did not pay the order', async () => {
    const holds = new BuyerHolds(streams, noProducts, oneUnpaidOrderPerBuyer);
    await paidOrder(3003, ['address-c'], holds);
    expect(await new PaymentReversal(streams, holds).run(3003, 99999, 'Another payment', systemContext())).toBeNull();
    expect(await heldOrders('address-c')).toEqual([]);
  });
});
