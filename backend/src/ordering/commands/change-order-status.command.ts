import { Command, CommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { decideOn, OneStreamHandler } from '../../shared/event-sourcing/one-stream-handler';
import { OrderStatus } from '../contract/checkout-rules';
import { orderStream } from '../contract/order.events';
import { orderDecider } from '../domain/order.decider';

/** The back office's status dropdown, for every status but cancelled (CancelOrder returns the stock). */
export class ChangeOrderStatus extends Command<{ position: number | null }> {
  constructor(
    readonly orderId: number,
    readonly status: Exclude<OrderStatus, 'cancelled'>,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ChangeOrderStatus)
export class ChangeOrderStatusHandler extends OneStreamHandler<ChangeOrderStatus> {
  protected decision({ orderId, status }: ChangeOrderStatus) {
    return decideOn(orderStream(orderId), orderDecider, { kind: 'changeStatus', status });
  }
}
