import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { orderStream } from '../contract/order.events';
import { orderDecider } from '../domain/order.decider';

/**
 * A new quote would outlast the order's payment window: the window moves to the quote's end, once per order
 * (OrderPaymentWindowExtended). Answers the window's end afterwards, extended or not (null: not a crypto order).
 */
export class ExtendPaymentWindow extends Command<{ paymentDueBy: string | null }> {
  constructor(
    readonly orderId: number,
    readonly until: Date,
    readonly context: CommandContext,
    readonly now: Date = new Date(),
  ) {
    super();
  }
}

@CommandHandler(ExtendPaymentWindow)
export class ExtendPaymentWindowHandler implements ICommandHandler<ExtendPaymentWindow> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ orderId, until, context, now }: ExtendPaymentWindow) {
    const { events } = await this.streams.execute(orderStream(orderId), orderDecider, { kind: 'extendPaymentWindow', until: until.toISOString(), now: now.toISOString() }, context);
    const extended = events.find((event) => event.type === 'OrderPaymentWindowExtended');
    if (extended) return { paymentDueBy: until.toISOString() };
    const { state } = await this.streams.load(orderStream(orderId), orderDecider);
    return { paymentDueBy: state.details?.paymentDueBy ?? null };
  }
}
