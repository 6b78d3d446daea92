import { Injectable } from '@nestjs/common';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { ProcessManager } from '../../shared/processes/process-manager';
import { orderStream } from '../contract/order.events';
import { orderDecider } from '../domain/order.decider';

/**
 * The settlement taken back: the payment recorded PaymentConfirmationUndone (its transfers left the chain),
 * so the order records OrderPaymentReversed, back to awaiting payment unless it has shipped (then flagged).
 * Started by the order supervisor from the open settlements marked reversing; idempotent (the order decides
 * nothing once it is no longer paid by that payment), so a crash at any point is finished by the next sweep.
 * When the payment confirms again, the settlement pays the order again as it did the first time.
 */
@Injectable()
export class PaymentReversal extends ProcessManager<number> {
  constructor(private readonly streams: StreamExecutor) {
    super('PaymentReversal');
  }

  /** The position of the reversal written, or null when there was nothing to take back. */
  async run(orderId: number, paymentId: number, reason: string, context: CommandContext): Promise<number | null> {
    return this.inTurn(orderId, async () => (await this.streams.execute(orderStream(orderId), orderDecider, { kind: 'reversePayment', paymentId, reason }, context)).position);
  }
}
