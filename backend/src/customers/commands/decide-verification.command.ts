import { Command, CommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { decideOn, OneStreamHandler } from '../../shared/event-sourcing/one-stream-handler';
import { verificationStream } from '../contract/verification.events';
import { verificationDecider } from '../domain/verification.decider';

/** Staff approve a waiting verification (the customer's orders may ship) or reject it with a reason; the customer is mailed either way. */
export class DecideVerification extends Command<{ position: number | null }> {
  constructor(
    readonly customerId: string,
    readonly decision: { kind: 'approve' } | { kind: 'reject'; reason: string },
    readonly adminId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(DecideVerification)
export class DecideVerificationHandler extends OneStreamHandler<DecideVerification> {
  protected decision({ customerId, decision, adminId }: DecideVerification) {
    const at = new Date().toISOString();
    return decideOn(verificationStream(customerId), verificationDecider, decision.kind === 'approve' ? { kind: 'approve', adminId, at } : { kind: 'reject', adminId, reason: decision.reason, at });
  }
}
