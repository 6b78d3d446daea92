import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { OpenProcessQueries } from '../../../../projections/ordering/open-process.queries';
import { OrderQueries } from '../../../../projections/ordering/order.queries';
import { systemContext } from '../../shared/event-sourcing/command-context';
import { PeriodicSweep } from '../../shared/periodic-sweep';
import { ExpireOrder } from '../commands/expire-order.command';
import { OrderPlacement } from './order-placement.process';
import { StockReturn } from './stock-return.process';

const SWEEP_INTERVAL_MS = 15_000;
/** A process this old that has not finished was interrupted (a crash, a storage failure); younger ones may still be running. */
const INTERRUPTED_AFTER_MS = 10_000;

/**
 * Finishes what was interrupted and expires what is overdue: placements and stock returns that a
 * crash stopped halfway are taken to their end, and unpaid crypto orders past their payment window
 * are expired. Runs at start-up (everything, since nothing can be running yet) and then every 15 s.
 */
@Injectable()
export class OrderSupervisor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OrderSupervisor');
  private readonly sweeps = new PeriodicSweep('OrderSupervisor', SWEEP_INTERVAL_MS, (interruptedAfterMs: number, now: Date) => this.sweepOnce(interruptedAfterMs, now));

  constructor(
    private readonly placement: OrderPlacement,
    private readonly stockReturn: StockReturn,
    private readonly commands: CommandBus,
    private readonly openProcesses: OpenProcessQueries,
    private readonly orders: OrderQueries,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeps.start(() => [INTERRUPTED_AFTER_MS, new Date()]);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeps.stop();
  }

  /** Resolves with what it did; waits for a sweep already running. */
  sweep(interruptedAfterMs = 0, now = new Date()): Promise<{ resumed: number; expired: number }> {
    return this.sweeps.run(interruptedAfterMs, now);
  }

  private async sweepOnce(interruptedAfterMs: number, now: Date) {
    const context = systemContext();
    let resumed = 0;
    let expired = 0;
    for (const open of await this.openProcesses.interrupted(['placement', 'stock-return'], new Date(now.getTime() - interruptedAfterMs))) {
      try {
        if (open.kind === 'placement') await this.placement.resume(open.orderId, context);
        else await this.stockReturn.resume(open.orderId, context);
        resumed += 1;
      } catch (error) {
        this.logger.error(`Could not finish the ${open.kind} of order ${open.orderId}; trying again on the next sweep`, (error as Error).stack);
      }
    }
    for (const orderId of await this.orders.unpaidPastDue(now)) {
      try {
        if ((await this.commands.execute(new ExpireOrder(orderId, now, context))).expired) expired += 1;
      } catch (error) {
        this.logger.error(`Could not expire order ${orderId}; trying again on the next sweep`, (error as Error).stack);
      }
    }
    if (resumed + expired > 0) this.logger.log(`Finished ${resumed} interrupted order process(es), expired ${expired} unpaid order(s)`);
    return { resumed, expired };
  }
}
