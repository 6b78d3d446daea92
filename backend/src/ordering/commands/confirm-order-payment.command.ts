import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { orderStream } from '../contract/order.events';
import { orderDecider } from '../domain/order.decider';

/**
 * The first step of settling a payment: the order decides whether it takes the payment (409 when it is
 * cancelled, paid on delivery or already paid by another payment) before the payment records anything.
 */
export class ConfirmOrderPayment extends Command<{ position: number | null }> {
  constructor(
    readonly orderId: number,
    readonly paymentId: number,
    readonly transactionHash: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ConfirmOrderPayment)
export class ConfirmOrderPaymentHandler implements ICommandHandler<ConfirmOrderPayment> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ orderId, paymentId, transactionHash, context }: ConfirmOrderPayment) {
    const { position } = await this.streams.execute(orderStream(orderId), orderDecider, { kind: 'confirmPayment', paymentId, transactionHash }, context);
    return { position };
  }
}
