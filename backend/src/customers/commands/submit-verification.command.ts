import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SessionUser } from '../../identity/contract/session-user';
import { AttachUploadedImage } from '../../media/commands/public';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { verificationStream } from '../contract/verification.events';
import { VerificationInput } from '../contract/verification-input';
import { verificationDecider } from '../domain/verification.decider';

/** A customer submits (or, after a rejection, resubmits) their institution verification. */
export class SubmitVerification extends Command<{ position: number | null }> {
  constructor(
    readonly customer: SessionUser,
    readonly input: VerificationInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * The document photo becomes the customer's private attachment through the media context before the submission is
 * recorded, so the log never names a document whose files are not stored (as support cases attach their images).
 * The decision is checked first, so a submission refused (waiting already, approved) attaches nothing.
 */
@CommandHandler(SubmitVerification)
export class SubmitVerificationHandler implements ICommandHandler<SubmitVerification> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly commands: CommandBus,
  ) {}

  async execute({ customer, input, context }: SubmitVerification) {
    const stream = verificationStream(customer.id);
    const command = {
      kind: 'submit' as const,
      at: new Date().toISOString(),
      submission: {
        customerId: customer.id,
        customerEmail: customer.email,
        customerName: customer.fullName || customer.email,
        institution: input.institution,
        position: input.position,
        institutionEmail: input.institutionEmail,
        documentUploadId: input.documentUploadId,
      },
    };
    verificationDecider.decide(command, (await this.streams.load(stream, verificationDecider)).state);
    if (input.documentUploadId !== null) await this.commands.execute(new AttachUploadedImage(input.documentUploadId, customer.id, context));
    const { position } = await this.streams.execute(stream, verificationDecider, command, context);
    return { position };
  }
}
