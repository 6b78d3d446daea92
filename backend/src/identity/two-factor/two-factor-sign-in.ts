import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { NotAuthenticatedError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { RecordRecoveryCodeUse } from '../commands/two-factor.command';
import { SessionUser } from '../contract/session-user';
import { TWO_FACTOR_MESSAGES } from '../contract/two-factor';
import { TwoFactorCredentials } from './two-factor-credentials';

/** 401 `{ message, twoFactorRequired: true }`: the password was right, and the account needs its second factor too. */
export class TwoFactorRequiredError extends NotAuthenticatedError {
  constructor(message: string) {
    super(message, { twoFactorRequired: true });
  }
}

/**
 * The second step of `POST /api/auth/login` (issue 23), after the password was found right: an account with
 * two-factor sign-in gets no session until the same request comes with a current code or an unused recovery
 * code. The login throttle counted the try before the password was checked and forgets it only when the
 * sign-in completes, so wrong codes slow the account down exactly as wrong passwords do.
 */
@Injectable()
export class TwoFactorSignIn {
  constructor(
    private readonly credentials: TwoFactorCredentials,
    private readonly commands: CommandBus,
  ) {}

  /** Returns when `user` may be signed in; throws TwoFactorRequiredError when not yet. */
  async check(user: SessionUser, code: string | undefined, context: CommandContext): Promise<void> {
    if (!(await this.credentials.isEnabled(user.id))) return;
    if (code === undefined) throw new TwoFactorRequiredError(TWO_FACTOR_MESSAGES.signInNeedsCode);
    const factor = await this.credentials.verify(user.id, code);
    if (factor === null) throw new TwoFactorRequiredError(TWO_FACTOR_MESSAGES.wrongCode);
    if (factor === 'recoveryCode') await this.commands.execute(new RecordRecoveryCodeUse(user.id, { ...context, actorId: user.id }));
  }
}
