import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ConfirmOrderPayment } from '../../ordering/commands/public';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { crashPoint } from '../../shared/fault-injection';
import { paymentStream } from '../contract/payment.events';
import { paymentDecider } from '../domain/payment.decider';
import { SettlementTurns } from '../processes/settlement-turns';

/** The transfer arrived: `source` says who vouched for it (an administrator now, a chain watcher later). */
export class ConfirmPayment extends Command<{ position: number | null }> {
  constructor(
    readonly paymentId: number,
    readonly transactionHash: string,
    readonly source: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * The settlement process, confirming side. Nothing is written unless both sides accept: the payment's
 * own refusals (failed, or confirmed with another transaction) are decided first without writing,
 * then the order decides and records the payment (409 when it is cancelled or already paid), and only
 * then the payment records its confirmation. Sending the command again finishes an interrupted run.
 */
@CommandHandler(ConfirmPayment)
export class ConfirmPaymentHandler implements ICommandHandler<ConfirmPayment> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly commands: CommandBus,
    private readonly settlements: SettlementTurns,
  ) {}

  async execute({ paymentId, transactionHash, source, context }: ConfirmPayment) {
    return this.settlements.run(paymentId, async () => {
      const confirm = { kind: 'confirm' as const, transactionHash, source };
      const { state } = await this.streams.load(paymentStream(paymentId), paymentDecider);
      paymentDecider.decide(confirm, state);
      const ordered = await this.commands.execute(new ConfirmOrderPayment(state.orderId!, paymentId, transactionHash, context));
      crashPoint('settlement:order-recorded');
      const paid = await this.streams.execute(paymentStream(paymentId), paymentDecider, confirm, context);
      return { position: paid.position ?? ordered.position };
    });
  }
}
