import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ReleaseStock } from '../../catalogue/commands/public';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { crashPoint } from '../../shared/fault-injection';
import { ProcessManager } from '../../shared/processes/process-manager';
import { orderStream } from '../contract/order.events';
import { orderDecider } from '../domain/order.decider';
import { BuyerHolds } from './buyer-holds';

/**
 * The second half of cancelling or expiring an order: every line's stock is released on its product
 * (with the cancellation's reason), the order stops counting against its buyers' bounds on unpaid
 * orders (BuyerOrderFreed), then OrderStockReleased closes the process. Releases are
 * idempotent per order, and a conflict is retried by the stream executor, never dropped.
 */
@Injectable()
export class StockReturn extends ProcessManager<number> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly commands: CommandBus,
    private readonly buyerHolds: BuyerHolds,
  ) {
    super('StockReturn');
  }

  /** Returns the stock of a cancelled order, or of a refund with restock, that has not had it back; the position of the last event written, if any. */
  async resume(orderId: number, context: CommandContext): Promise<number | null> {
    return this.inTurn(orderId, () => this.returnStock(orderId, context));
  }

  private async returnStock(orderId: number, context: CommandContext): Promise<number | null> {
    const { state } = await this.streams.load(orderStream(orderId), orderDecider);
    if ((state.status !== 'cancelled' && !state.restockRequested) || state.stockReleased || state.details === null) return null;
    const reason = state.status === 'cancelled' ? (state.cancellationReason ?? 'Order cancelled') : 'Refunded: back on sale';
    for (const line of state.details.lines) {
      await this.commands.execute(new ReleaseStock(line.productId, orderId, reason, context));
      crashPoint('cancellation:released');
    }
    await this.buyerHolds.free(orderId, state.buyers, reason, context);
    return (await this.streams.execute(orderStream(orderId), orderDecider, { kind: 'recordStockReleased' }, context)).position;
  }

  /**
   * For the request that recorded the cancellation: that is the answer's fact, so a failure to return
   * the stock now is logged and left to the supervisor instead of reported as a failed cancellation.
   */
  runAfterRecorded(orderId: number, context: CommandContext): Promise<number | null> {
    return this.leaveToSupervisor(orderId, () => this.resume(orderId, context), null);
  }
}
