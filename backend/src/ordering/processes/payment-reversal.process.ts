import { Injectable } from '@nestjs/common';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { ProcessManager } from '../../shared/processes/process-manager';
import { orderStream } from '../contract/order.events';
import { orderDecider } from '../domain/order.decider';
import { BuyerHolds } from './buyer-holds';

/**
 * The settlement taken back: the payment recorded PaymentConfirmationUndone (its transfers left the chain),
 * so the order records OrderPaymentReversed, back to awaiting payment unless it has shipped (then flagged).
 * Started by the order supervisor from the open settlements marked reversing; idempotent (the order decides
 * nothing once it is no longer paid by that payment), so a crash at any point is finished by the next sweep.
 * When the payment confirms again, the settlement pays the order again as it did the first time.
 */
@Injectable()
export class PaymentReversal extends ProcessManager<number> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly buyerHolds: BuyerHolds,
  ) {
    super('PaymentReversal');
  }

  /**
   * The position of the reversal written, or null when there was nothing to take back. An order unpaid again
   * counts against its buyers' bounds again (issue 20: a paid order no longer counts, so a payment taken back
   * must not leave it uncounted); that is recorded first, so a crash in between leaves it counted, never not.
   */
  async run(orderId: number, paymentId: number, reason: string, context: CommandContext): Promise<number | null> {
    return this.inTurn(orderId, async () => {
      const { state } = await this.streams.load(orderStream(orderId), orderDecider);
      if (state.paidBy === paymentId && state.status !== 'cancelled' && state.details !== null) await this.buyerHolds.reinstate(orderId, state.buyers, state.details.lines, context);
      return (await this.streams.execute(orderStream(orderId), orderDecider, { kind: 'reversePayment', paymentId, reason }, context)).position;
    });
  }
}
