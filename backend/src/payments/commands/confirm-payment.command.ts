import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { Settlement } from '../processes/settlement.process';

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

/** Starts (or finishes, when sent again) the confirming side of the settlement process. */
@CommandHandler(ConfirmPayment)
export class ConfirmPaymentHandler implements ICommandHandler<ConfirmPayment> {
  constructor(private readonly settlement: Settlement) {}

  execute({ paymentId, transactionHash, source, context }: ConfirmPayment) {
    return this.settlement.confirm(paymentId, transactionHash, source, context);
  }
}
