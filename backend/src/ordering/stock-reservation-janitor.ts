import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { STOCK_RESERVATIONS_COLLECTION, StockReservationDocument } from '../../../projections/catalogue/stock-reservations.projector';
import { productDecider } from '../catalogue/domain/product.decider';
import { productStream } from '../catalogue/contract/catalogue.events';
import { StreamExecutor } from '../shared/event-sourcing/stream-executor';
import { systemContext } from '../shared/event-sourcing/command-context';
import { EVENT_STORE, EventStore } from '../storage/event-store/event-store.port';
import { READ_STORE, ReadStore } from '../storage/read-store/read-store.port';
import { orderStream } from './contract/order.events';

/** Placing an order takes well under a second; a hold this old without its order was orphaned by a crash. */
export const ORPHAN_AFTER_MS = 2 * 60 * 1000;
const SWEEP_INTERVAL_MS = 60 * 1000;

/**
 * Gives back stock reserved for an order that was never recorded: a process killed
 * between reserving and recording the order. Runs at start-up and then every minute.
 */
@Injectable()
export class StockReservationJanitor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('StockReservationJanitor');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly streams: StreamExecutor,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep().catch((error) => this.logger.error((error as Error).message)), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Returns how many holds were released. */
  async sweep(now = Date.now()): Promise<number> {
    const stale = await this.readStore
      .collection<StockReservationDocument>(STOCK_RESERVATIONS_COLLECTION)
      .find({ released: false, reservedAt: { $lt: new Date(now - ORPHAN_AFTER_MS).toISOString() } });
    let released = 0;
    for (const hold of stale) {
      const orderExists = (await this.eventStore.readStream(orderStream(hold.orderId))).length > 0;
      if (orderExists) continue;
      await this.streams.execute(productStream(hold.productId), productDecider, { kind: 'release', orderId: hold.orderId, reason: 'Order was never recorded' }, systemContext());
      released += 1;
    }
    if (released > 0) this.logger.warn(`Released ${released} stock reservation(s) of orders that were never recorded`);
    return released;
  }
}
