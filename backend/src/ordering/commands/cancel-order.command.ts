import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { crashPoint } from '../../shared/fault-injection';
import { orderStream } from '../contract/order.events';
import { orderDecider } from '../domain/order.decider';
import { StockReturn } from '../processes/stock-return.process';

/** An administrator cancels an order; its stock goes back on the shelf. */
export class CancelOrder extends Command<{ position: number | null }> {
  constructor(
    readonly orderId: number,
    readonly reason: string,
    readonly context: CommandContext,
    /** The buyer's own cancellation (the order decider allows it only while unpaid and pending). */
    readonly byCustomer = false,
  ) {
    super();
  }
}

/**
 * Records the cancellation, then returns the stock. Cancelling an order that is already cancelled
 * records nothing new but still finishes returning its stock, should an earlier attempt have stopped halfway.
 */
@CommandHandler(CancelOrder)
export class CancelOrderHandler implements ICommandHandler<CancelOrder> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly stockReturn: StockReturn,
  ) {}

  async execute({ orderId, reason, context, byCustomer }: CancelOrder) {
    const cancelled = await this.streams.execute(orderStream(orderId), orderDecider, { kind: 'cancel', reason, byCustomer }, context);
    crashPoint('cancellation:cancelled');
    const returned = await this.stockReturn.runAfterRecorded(orderId, context);
    return { position: returned ?? cancelled.position };
  }
}
