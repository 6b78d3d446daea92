import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ConfirmOrderPayment, RecordFailedOrderPayment } from '../../ordering/commands/public';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { crashPoint } from '../../shared/fault-injection';
import { ProcessManager } from '../../shared/processes/process-manager';
import { paymentStream } from '../contract/payment.events';
import { paymentDecider } from '../domain/payment.decider';

/**
 * The settlement of a payment with its order, a process spanning both streams (see ProcessManager):
 * confirming and failing one payment take turns, so their steps never interleave. Started by
 * ConfirmPayment and FailPayment (an administrator, the chain watch); the settlement supervisor
 * finishes a run that a crash left with only one side recorded, by running it again.
 */
@Injectable()
export class Settlement extends ProcessManager<number> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly commands: CommandBus,
  ) {
    super('Settlement');
  }

  /**
   * Confirming: nothing is written unless both sides accept. The payment's own refusals (failed, or
   * confirmed with another transaction) are decided first without writing, then the order decides and
   * records the payment (409 when it is cancelled or already paid), and only then the payment records
   * its confirmation.
   */
  confirm(paymentId: number, transactionHash: string, source: string, context: CommandContext): Promise<{ position: number | null }> {
    return this.inTurn(paymentId, async () => {
      const confirm = { kind: 'confirm' as const, transactionHash, source };
      const { state } = await this.streams.load(paymentStream(paymentId), paymentDecider);
      paymentDecider.decide(confirm, state);
      const ordered = await this.commands.execute(new ConfirmOrderPayment(state.orderId!, paymentId, transactionHash, state.method!, context));
      crashPoint('settlement:order-recorded');
      const paid = await this.streams.execute(paymentStream(paymentId), paymentDecider, confirm, context);
      return { position: paid.position ?? ordered.position };
    });
  }

  /** Failing: the payment records the failure (409 once it is confirmed), then the order records it. */
  fail(paymentId: number, reason: string, source: string, context: CommandContext): Promise<{ position: number | null }> {
    return this.inTurn(paymentId, async () => {
      const failed = await this.streams.execute(paymentStream(paymentId), paymentDecider, { kind: 'fail', reason, source }, context);
      crashPoint('settlement:payment-failed');
      const { state } = await this.streams.load(paymentStream(paymentId), paymentDecider);
      const ordered = await this.commands.execute(new RecordFailedOrderPayment(state.orderId!, paymentId, state.failureReason ?? reason, context));
      return { position: ordered.position ?? failed.position };
    });
  }
}
