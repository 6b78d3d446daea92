import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { paymentStream } from '../contract/payment.events';
import { paymentDecider } from '../domain/payment.decider';

/** A refund made from the merchant's wallet (an overpayment, a late payment), noted on the payment's record by an administrator. */
export class NotePaymentRefund extends Command<{ position: number | null }> {
  constructor(
    readonly paymentId: number,
    readonly note: string,
    readonly transactionHash: string | null,
    /** `admin:<e-mail>` */
    readonly decidedBy: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(NotePaymentRefund)
export class NotePaymentRefundHandler implements ICommandHandler<NotePaymentRefund> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ paymentId, note, transactionHash, decidedBy, context }: NotePaymentRefund) {
    const { position } = await this.streams.execute(paymentStream(paymentId), paymentDecider, { kind: 'noteRefund', note, transactionHash, decidedBy }, context);
    return { position };
  }
}
