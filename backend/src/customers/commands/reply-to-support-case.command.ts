import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { supportCaseStream } from '../contract/support.events';
import { SupportReplyInput } from '../contract/support-input';
import { SupportAuthor, SupportCaseCommand, supportCaseDecider } from '../domain/support-case.decider';
import { AttachUploadedImages } from '../../media/commands/public';

/** The customer writes back on their case, or an administrator answers it. */
export class ReplyToSupportCase extends Command<{ position: number | null }> {
  constructor(
    readonly caseId: number,
    readonly author: SupportAuthor,
    readonly input: SupportReplyInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ReplyToSupportCase)
export class ReplyToSupportCaseHandler implements ICommandHandler<ReplyToSupportCase> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly commands: CommandBus,
  ) {}

  async execute({ caseId, author, input, context }: ReplyToSupportCase) {
    const stream = supportCaseStream(caseId);
    const reply = (attachments: string[]): SupportCaseCommand => ({ kind: 'reply', author, message: input.message, attachments, at: new Date().toISOString() });
    // Refused before any image is re-encoded: another customer's case, or a closed one. The append decides again.
    supportCaseDecider.decide(reply([]), (await this.streams.load(stream, supportCaseDecider)).state);
    const { attachmentIds: attachments } = await this.commands.execute(new AttachUploadedImages(input.attachments, author.id, context));
    const { position } = await this.streams.execute(stream, supportCaseDecider, reply(attachments), context);
    return { position };
  }
}
