import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { crashPoint } from '../../shared/fault-injection';
import { orderStream } from '../contract/order.events';
import { ExpiryHold, orderDecider } from '../domain/order.decider';
import { StockReturn } from '../processes/stock-return.process';

/**
 * The payment window of an unpaid crypto order has ended: the order is cancelled for that reason and its
 * stock returned; unless `hold` names a payment on its way, then the expiry is deferred (OrderExpiryDeferred) until the hold ends.
 */
export class ExpireOrder extends Command<{ expired: boolean; position: number | null }> {
  constructor(
    readonly orderId: number,
    readonly now: Date,
    readonly context: CommandContext,
    readonly hold: ExpiryHold | null = null,
  ) {
    super();
  }
}

@CommandHandler(ExpireOrder)
export class ExpireOrderHandler implements ICommandHandler<ExpireOrder> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly stockReturn: StockReturn,
  ) {}

  async execute({ orderId, now, context, hold }: ExpireOrder) {
    const expired = await this.streams.execute(orderStream(orderId), orderDecider, { kind: 'expire', now: now.toISOString(), hold }, context);
    if (!expired.events.some((event) => event.type === 'OrderExpired')) return { expired: false, position: expired.events.length === 0 ? null : expired.position };
    crashPoint('expiry:expired');
    const returned = await this.stockReturn.runAfterRecorded(orderId, context);
    return { expired: true, position: returned ?? expired.position };
  }
}
