import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { OrderStatus } from '../contract/checkout-rules';
import { orderStream } from '../contract/order.events';
import { orderDecider } from '../domain/order.decider';
import { BuyerVerificationStandingOf } from './buyer-verification-standing';

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

/** A move to shipped or delivered sends the order out: like ShipOrder, it waits for the buyer's verification. */
@CommandHandler(ChangeOrderStatus)
export class ChangeOrderStatusHandler implements ICommandHandler<ChangeOrderStatus> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly verification: BuyerVerificationStandingOf,
  ) {}

  async execute({ orderId, status, context }: ChangeOrderStatus) {
    const buyerVerification = status === 'shipped' || status === 'delivered' ? await this.verification.order(orderId) : 'not-required';
    const { position } = await this.streams.execute(orderStream(orderId), orderDecider, { kind: 'changeStatus', status, now: new Date().toISOString(), buyerVerification }, context);
    return { position };
  }
}
