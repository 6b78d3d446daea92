import { Command, CommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { decideOn, OneStreamHandler } from '../../shared/event-sourcing/one-stream-handler';
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
export class RecordFailedOrderPaymentHandler extends OneStreamHandler<RecordFailedOrderPayment> {
  protected decision({ orderId, paymentId, reason }: RecordFailedOrderPayment) {
    return decideOn(orderStream(orderId), orderDecider, { kind: 'failPayment', paymentId, reason });
  }
}
