import { Command, CommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { decideOn, OneStreamHandler } from '../../shared/event-sourcing/one-stream-handler';
import { CryptoPaymentMethod } from '../contract/checkout-rules';
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
    /** The coin the payment was made in. */
    readonly paidWith: CryptoPaymentMethod,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ConfirmOrderPayment)
export class ConfirmOrderPaymentHandler extends OneStreamHandler<ConfirmOrderPayment> {
  protected decision({ orderId, paymentId, transactionHash, paidWith }: ConfirmOrderPayment) {
    return decideOn(orderStream(orderId), orderDecider, { kind: 'confirmPayment', paymentId, transactionHash, paidWith });
  }
}
