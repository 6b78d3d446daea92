import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { OpenProcessQueries } from '../../../../projections/ordering/open-process.queries';
import { OrderQueries } from '../../../../projections/ordering/order.queries';
import { PaymentQueries } from '../../../../projections/payments/payment.queries';
import { PaymentRecord } from '../../payments/contract/payment.views';
import { APP_CONFIG, AppConfig } from '../../config';
import { systemContext } from '../../shared/event-sourcing/command-context';
import { SweepingService } from '../../shared/processes/periodic-sweep';
import { LeaseKeeper } from '../../shared/leases/lease-keeper';
import { ExpireOrder } from '../commands/expire-order.command';
import { ExpiryHold } from '../domain/order.decider';
import { OrderPlacement } from './order-placement.process';
import { PaymentReversal } from './payment-reversal.process';
import { StockReturn } from './stock-return.process';

const SWEEP_INTERVAL_MS = 15_000;
/** A process this old that has not finished was interrupted (a crash, a storage failure); younger ones may still be running. */
const INTERRUPTED_AFTER_MS = 10_000;
/**
 * Why a payment still waiting holds its order past the payment window, or null when it does not: what
 * the chain shows of it (the payments read model) says money is on its way, or has arrived and awaits
 * the chain watch's confirmation or an administrator's decision.
 */
export function holdingReason(payment: PaymentRecord): string | null {
  if (payment.status !== 'pending') return null;
  const { state, confirmations, confirmationsRequired, receivedUnits } = payment.settlement;
  switch (state) {
    case 'detected':
      return `was seen on the chain and waits for its confirmations (${confirmations ?? 0} of ${confirmationsRequired ?? '?'})`;
    case 'underpaid':
      return `is underpaid (${receivedUnits} smallest units received); the rest may follow`;
    case 'late':
      return 'arrived after its quote expired; an administrator decides';
    case 'confirmed':
    case 'overpaid':
      return 'is paid on the chain and being confirmed';
    case 'awaiting':
    case 'expired':
      // Seen, then taken off the chain (a reorganisation, a dropped transaction): it may be mined again.
      return payment.transfers.some((transfer) => transfer.droppedAt !== null) ? 'left the chain (a reorganisation) and may be mined again' : null;
  }
}

/**
 * Finishes what was interrupted and expires what is overdue: placements and stock returns that a
 * crash stopped halfway are taken to their end, orders whose payment a reorganisation took back record
 * the reversal, and unpaid crypto orders past their payment window are expired, unless a payment for
 * them is on its way (see holdingReason): then the expiry is deferred, recorded once per payment, until
 * the chain watch's grace after the window ends. Everything is decided again from the streams and read
 * models on each sweep, so a crash loses nothing. Runs at start-up (everything, since nothing can be
 * running yet) and then every 15 s.
 */
/** What one sweep did. */
export interface OrderSweepOutcome {
  resumed: number;
  expired: number;
  deferred: number;
  reversed: number;
}

@Injectable()
export class OrderSupervisor extends SweepingService<[number, Date], OrderSweepOutcome> {
  private readonly logger = new Logger('OrderSupervisor');
  private readonly graceMs: number;

  constructor(
    private readonly placement: OrderPlacement,
    private readonly stockReturn: StockReturn,
    private readonly commands: CommandBus,
    private readonly openProcesses: OpenProcessQueries,
    private readonly orders: OrderQueries,
    private readonly payments: PaymentQueries,
    private readonly reversal: PaymentReversal,
    leases: LeaseKeeper,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super('OrderSupervisor', SWEEP_INTERVAL_MS, leases, () => [INTERRUPTED_AFTER_MS, new Date()]);
    this.graceMs = config.payments.chain.graceMinutes * 60_000;
  }

  /** Resolves with what it did; waits for a sweep already running. */
  sweep(interruptedAfterMs = 0, now = new Date()): Promise<OrderSweepOutcome> {
    return this.runSweep(interruptedAfterMs, now);
  }

  protected async sweepOnce(interruptedAfterMs: number, now: Date): Promise<OrderSweepOutcome> {
    const context = systemContext();
    let resumed = 0;
    let expired = 0;
    let deferred = 0;
    let reversed = 0;
    for (const open of await this.openProcesses.interrupted(['placement', 'stock-return'], new Date(now.getTime() - interruptedAfterMs))) {
      try {
        if (open.kind === 'placement') await this.placement.resume(open.orderId, context);
        else await this.stockReturn.resume(open.orderId, context);
        resumed += 1;
      } catch (error) {
        this.logger.error(`Could not finish the ${open.kind} of order ${open.orderId}; trying again on the next sweep`, (error as Error).stack);
      }
    }
    // Before the expiry: an order back to awaiting payment is then held or expired like any other.
    for (const open of await this.openProcesses.reversals()) {
      try {
        if ((await this.reversal.run(open.orderId, open.paymentId!, open.reversalReason ?? 'The payment left the chain', context)) !== null) reversed += 1;
      } catch (error) {
        this.logger.error(`Could not record the reversal of payment ${open.paymentId} on order ${open.orderId}; trying again on the next sweep`, (error as Error).stack);
      }
    }
    for (const orderId of await this.orders.unpaidPastDue(now)) {
      try {
        const hold = await this.holdOf(orderId);
        const outcome = await this.commands.execute(new ExpireOrder(orderId, now, context, hold));
        if (outcome.expired) expired += 1;
        else if (hold !== null && outcome.position !== null) deferred += 1;
      } catch (error) {
        this.logger.error(`Could not expire order ${orderId}; trying again on the next sweep`, (error as Error).stack);
      }
    }
    if (resumed + expired + deferred + reversed > 0) {
      this.logger.log(`Finished ${resumed} interrupted order process(es), reversed ${reversed} payment(s), deferred ${deferred} and expired ${expired} unpaid order(s)`);
    }
    return { resumed, expired, deferred, reversed };
  }

  /** The newest payment of the order that holds it, until the watch's grace after the payment window (or the quote, if later) ends. */
  private async holdOf(orderId: number): Promise<ExpiryHold | null> {
    const order = await this.orders.byId(orderId);
    const waiting = (await this.payments.pendingForOrder(orderId)).sort((a, b) => b.id - a.id);
    for (const payment of waiting) {
      const reason = holdingReason(payment);
      if (reason === null) continue;
      const windowEnd = Math.max(Date.parse(order.paymentDueBy ?? payment.expiresAt), Date.parse(payment.expiresAt));
      return { paymentId: payment.id, until: new Date(windowEnd + this.graceMs).toISOString(), reason };
    }
    return null;
  }
}
