import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { referralDecider } from '../domain/referral.decider';
import { normaliseReferralCode, referralStream } from '../contract/referral.events';

export class CreateReferralCodeCommand {
  constructor(
    readonly code: string,
    readonly discountPercentage: number,
    readonly context: CommandContext,
  ) {}
}

export class DeactivateReferralCodeCommand {
  constructor(
    readonly code: string,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(CreateReferralCodeCommand)
export class CreateReferralCodeHandler implements ICommandHandler<CreateReferralCodeCommand, { position: number | null }> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ code, discountPercentage, context }: CreateReferralCodeCommand) {
    const normalised = normaliseReferralCode(code);
    const { position } = await this.streams.execute(referralStream(normalised), referralDecider, { kind: 'create', code: normalised, discountPercentage }, context);
    return { position };
  }
}

@CommandHandler(DeactivateReferralCodeCommand)
export class DeactivateReferralCodeHandler implements ICommandHandler<DeactivateReferralCodeCommand, { position: number | null }> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ code, context }: DeactivateReferralCodeCommand) {
    const { position } = await this.streams.execute(referralStream(code), referralDecider, { kind: 'deactivate' }, context);
    return { position };
  }
}
