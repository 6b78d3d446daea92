import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { RecordFailedOrderPayment } from '../../ordering/commands/public';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { crashPoint } from '../../shared/fault-injection';
import { paymentStream } from '../contract/payment.events';
import { paymentDecider } from '../domain/payment.decider';
import { SettlementTurns } from '../processes/settlement-turns';

/** The transfer did not arrive or was rejected, with the reason. */
export class FailPayment extends Command<{ position: number | null }> {
  constructor(
    readonly paymentId: number,
    readonly reason: string,
    readonly source: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * The settlement process, failing side: the payment records the failure (409 once it is confirmed),
 * then the order records it. Sending the command again finishes an interrupted run.
 */
@CommandHandler(FailPayment)
export class FailPaymentHandler implements ICommandHandler<FailPayment> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly commands: CommandBus,
    private readonly settlements: SettlementTurns,
  ) {}

  async execute({ paymentId, reason, source, context }: FailPayment) {
    return this.settlements.run(paymentId, async () => {
      const failed = await this.streams.execute(paymentStream(paymentId), paymentDecider, { kind: 'fail', reason, source }, context);
      crashPoint('settlement:payment-failed');
      const { state } = await this.streams.load(paymentStream(paymentId), paymentDecider);
      const ordered = await this.commands.execute(new RecordFailedOrderPayment(state.orderId!, paymentId, state.failureReason ?? reason, context));
      return { position: ordered.position ?? failed.position };
    });
  }
}
