import { Command, CommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { decideOn, OneStreamHandler } from '../../shared/event-sourcing/one-stream-handler';
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
export class DeactivateReferralCodeHandler extends OneStreamHandler<DeactivateReferralCode> {
  protected decision({ code }: DeactivateReferralCode) {
    return decideOn(referralStream(code), referralDecider, { kind: 'deactivate' });
  }
}
