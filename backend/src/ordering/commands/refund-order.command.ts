import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { crashPoint } from '../../shared/fault-injection';
import { orderStream } from '../contract/order.events';
import { RefundInput } from '../contract/back-office-input';
import { orderDecider } from '../domain/order.decider';
import { StockReturn } from '../processes/stock-return.process';

/** Money given back on a paid order (issue 21); with `restock`, its items go back on sale after it is recorded. */
export class RefundOrder extends Command<{ position: number | null }> {
  constructor(
    readonly orderId: number,
    readonly refund: RefundInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * Records the refund (the order decider's rules), then, when asked, returns the stock the way a cancellation
 * does: a crash in between leaves an open stock return that the supervisor finishes.
 */
@CommandHandler(RefundOrder)
export class RefundOrderHandler implements ICommandHandler<RefundOrder> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly stockReturn: StockReturn,
  ) {}

  async execute({ orderId, refund, context }: RefundOrder) {
    const { amount, reason, restock, refundAddress, txHash } = refund;
    const refunded = await this.streams.execute(orderStream(orderId), orderDecider, { kind: 'refund', amount, reason, restock, refundAddress, transactionHash: txHash }, context);
    if (!restock) return { position: refunded.position };
    crashPoint('refund:recorded');
    const returned = await this.stockReturn.runAfterRecorded(orderId, context);
    return { position: returned ?? refunded.position };
  }
}
