import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ReleaseStock, ReserveStock } from '../../catalogue/commands/public';
import { ConcurrencyConflictError, ConflictError, DomainError, NotYetVisibleError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { crashPoint } from '../../shared/fault-injection';
import { ProcessManager } from '../../shared/processes/process-manager';
import { orderStream } from '../contract/order.events';
import { UnpaidHoldRefused } from '../domain/buyer-holds.decider';
import { orderDecider } from '../domain/order.decider';
import { BuyerHolds } from './buyer-holds';

/** Recorded, but the placement could not finish now: the supervisor finishes it; the shopper can already look it up. */
export class OrderStillBeingPlaced extends NotYetVisibleError {
  constructor(readonly orderId: number) {
    super(`/api/orders/${orderId}`);
  }
}

/**
 * The placement process of one submitted order. Steps, each an event: count the order against each of
 * its buyers' bounds on unpaid orders (BuyerOrderHeld, see BuyerHolds), hold the stock of every line
 * (StockReserved on the product), then OrderPlaced; or, when a bound refuses it or a line cannot be
 * held, give back what was held (StockReleased, BuyerOrderFreed) and record OrderRejected with the reason. Every step is idempotent, so
 * the process can be run again from the top at any point: by the request that submitted the order,
 * or after a crash by the supervisor, which then finishes it (see ProcessManager).
 */
@Injectable()
export class OrderPlacement extends ProcessManager<number> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly commands: CommandBus,
    private readonly buyerHolds: BuyerHolds,
  ) {
    super('OrderPlacement');
  }

  /** Runs the process for the request that submitted the order: placed, or the refusal as its error. */
  async run(orderId: number, context: CommandContext): Promise<{ orderId: number; position: number | null }> {
    let outcome: { position: number | null; refusal: DomainError | null };
    try {
      outcome = await this.resume(orderId, context);
    } catch (error) {
      this.logger.error(`Placement of order ${orderId} stopped; the supervisor will finish it`, (error as Error).stack);
      throw new OrderStillBeingPlaced(orderId);
    }
    if (outcome.refusal) throw outcome.refusal;
    return { orderId, position: outcome.position };
  }

  /** Takes the order from wherever it is to placed or rejected. */
  async resume(orderId: number, context: CommandContext): Promise<{ position: number | null; refusal: DomainError | null }> {
    return this.inTurn(orderId, () => this.takeToTheEnd(orderId, context));
  }

  private async takeToTheEnd(orderId: number, context: CommandContext): Promise<{ position: number | null; refusal: DomainError | null }> {
    const { state, revision } = await this.streams.load(orderStream(orderId), orderDecider);
    if (state.stage === 'rejected') return { position: null, refusal: new ConflictError(state.rejectionReason ?? 'The order could not be placed') };
    // Finished meanwhile (the supervisor, perhaps in another instance): the answer waits for what finished it.
    if (state.stage !== 'submitted' || state.details === null) return { position: await this.streams.positionAt(orderStream(orderId), revision), refusal: null };
    const lines = state.details.lines;

    let refusal: DomainError | null = null;
    try {
      // Before any stock is held, so an order over a bound takes nothing from other shoppers even for a moment.
      await this.buyerHolds.hold(orderId, state.buyers, lines, context);
    } catch (error) {
      if (!(error instanceof UnpaidHoldRefused)) throw error;
      refusal = error;
    }
    for (const line of refusal === null ? lines : []) {
      try {
        await this.commands.execute(new ReserveStock(line.productId, orderId, line.quantity, context));
      } catch (error) {
        // Contention on a hot product is no reason to reject the order: the run stops here and is finished later.
        if (!(error instanceof DomainError) || error instanceof ConcurrencyConflictError) throw error;
        refusal = error;
        break;
      }
      crashPoint('placement:reserved');
    }

    if (refusal === null) {
      const { position } = await this.streams.execute(orderStream(orderId), orderDecider, { kind: 'completePlacement' }, context);
      return { position, refusal: null };
    }
    for (const line of lines) {
      await this.commands.execute(new ReleaseStock(line.productId, orderId, 'The order could not be placed', context));
      crashPoint('placement:released');
    }
    await this.buyerHolds.free(orderId, state.buyers, 'The order could not be placed', context);
    const { position } = await this.streams.execute(orderStream(orderId), orderDecider, { kind: 'rejectPlacement', reason: refusal.message }, context);
    return { position, refusal };
  }
}
