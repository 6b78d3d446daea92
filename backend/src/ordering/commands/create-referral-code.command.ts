import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { normaliseReferralCode, referralStream } from '../contract/referral.events';
import { referralDecider } from '../domain/referral.decider';

export class CreateReferralCode extends Command<{ position: number | null }> {
  constructor(
    readonly code: string,
    readonly discountPercentage: number,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(CreateReferralCode)
export class CreateReferralCodeHandler implements ICommandHandler<CreateReferralCode> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ code, discountPercentage, context }: CreateReferralCode) {
    const normalised = normaliseReferralCode(code);
    const { position } = await this.streams.execute(referralStream(normalised), referralDecider, { kind: 'create', code: normalised, discountPercentage }, context);
    return { position };
  }
}
