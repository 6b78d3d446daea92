import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { referralStream } from '../contract/referral.events';
import { referralDecider } from '../domain/referral.decider';

export class DeactivateReferralCode extends Command<{ position: number | null }> {
  constructor(
    readonly code: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(DeactivateReferralCode)
export class DeactivateReferralCodeHandler implements ICommandHandler<DeactivateReferralCode> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ code, context }: DeactivateReferralCode) {
    const { position } = await this.streams.execute(referralStream(code), referralDecider, { kind: 'deactivate' }, context);
    return { position };
  }
}
