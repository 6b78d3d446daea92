import { Command, CommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { decideOn, OneStreamHandler } from '../../shared/event-sourcing/one-stream-handler';
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

/** Codes are case-insensitive: the stream and the code are the upper-cased form. */
@CommandHandler(CreateReferralCode)
export class CreateReferralCodeHandler extends OneStreamHandler<CreateReferralCode> {
  protected decision({ code, discountPercentage }: CreateReferralCode) {
    const normalised = normaliseReferralCode(code);
    return decideOn(referralStream(normalised), referralDecider, { kind: 'create', code: normalised, discountPercentage });
  }
}
