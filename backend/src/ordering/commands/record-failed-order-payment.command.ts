import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { orderStream } from '../contract/order.events';
import { orderDecider } from '../domain/order.decider';

/** The last step of a failed payment: the order records it, once per payment (a retry records nothing). */
export class RecordFailedOrderPayment extends Command<{ position: number | null }> {
  constructor(
    readonly orderId: number,
    readonly paymentId: number,
    readonly reason: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(RecordFailedOrderPayment)
export class RecordFailedOrderPaymentHandler implements ICommandHandler<RecordFailedOrderPayment> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ orderId, paymentId, reason, context }: RecordFailedOrderPayment) {
    const { position } = await this.streams.execute(orderStream(orderId), orderDecider, { kind: 'failPayment', paymentId, reason }, context);
    return { position };
  }
}
