import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChangeOrderCommand } from '../../ordering/commands/change-order.command';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { paymentDecider } from '../domain/payment.decider';
import { paymentStream } from '../contract/payment.events';

/** The outcome of a transfer: confirmed with its transaction hash, or failed with a reason. */
export class SettlePaymentCommand {
  constructor(
    readonly paymentId: number,
    readonly outcome: { kind: 'confirm'; transactionHash: string; source: string } | { kind: 'fail'; reason: string; source: string },
    readonly context: CommandContext,
  ) {}
}

/**
 * Records the outcome on the payment, then carries it to the order (paymentStatus, and
 * processing once paid). Both steps are idempotent, so repeating a settlement is harmless.
 */
@CommandHandler(SettlePaymentCommand)
export class SettlePaymentHandler implements ICommandHandler<SettlePaymentCommand, { position: number | null }> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly commands: CommandBus,
  ) {}

  async execute({ paymentId, outcome, context }: SettlePaymentCommand) {
    const settled = await this.streams.execute(paymentStream(paymentId), paymentDecider, outcome, context);
    const { state } = await this.streams.load(paymentStream(paymentId), paymentDecider);
    const orderChange =
      outcome.kind === 'confirm'
        ? { kind: 'confirmPayment' as const, paymentId, transactionHash: outcome.transactionHash }
        : { kind: 'failPayment' as const, paymentId, reason: outcome.reason };
    const ordered = await this.commands.execute(new ChangeOrderCommand(state.orderId!, orderChange, context));
    return { position: ordered.position ?? settled.position };
  }
}
