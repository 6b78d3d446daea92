import { Command, CommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { decideOn, OneStreamHandler } from '../../shared/event-sourcing/one-stream-handler';
import { supportCaseStream } from '../contract/support.events';
import { supportCaseDecider } from '../domain/support-case.decider';

/** An administrator closes a case: it takes no more replies. */
export class CloseSupportCase extends Command<{ position: number | null }> {
  constructor(
    readonly caseId: number,
    readonly adminId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(CloseSupportCase)
export class CloseSupportCaseHandler extends OneStreamHandler<CloseSupportCase> {
  protected decision({ caseId, adminId }: CloseSupportCase) {
    return decideOn(supportCaseStream(caseId), supportCaseDecider, { kind: 'close', adminId, at: new Date().toISOString() });
  }
}
