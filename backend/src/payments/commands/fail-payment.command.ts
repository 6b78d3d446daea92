import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { Settlement } from '../processes/settlement.process';

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

/** Starts (or finishes, when sent again) the failing side of the settlement process. */
@CommandHandler(FailPayment)
export class FailPaymentHandler implements ICommandHandler<FailPayment> {
  constructor(private readonly settlement: Settlement) {}

  execute({ paymentId, reason, source, context }: FailPayment) {
    return this.settlement.fail(paymentId, reason, source, context);
  }
}
