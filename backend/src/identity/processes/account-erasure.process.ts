import { Inject, Injectable, Logger } from '@nestjs/common';
import { crashPoint } from '../../shared/fault-injection';
import { CommandBus } from '@nestjs/cqrs';
import { ErasePrivateUploads } from '../../media/commands/public';
import { ForgetRecipient } from '../../notifications/commands/public';
import { isErased } from '../../shared/contract/personal-data';
import { CommandContext, systemContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { UniqueKeys } from '../../shared/event-sourcing/unique-keys';
import { RateLimiter } from '../../shared/http/rate-limiter';
import { SweepingService } from '../../shared/processes/periodic-sweep';
import { LeaseKeeper } from '../../shared/leases/lease-keeper';
import { ProcessManager } from '../../shared/processes/process-manager';
import { PersonalDataKeys } from '../../storage/personal-data/personal-data-keys';
import { userStream } from '../contract/identity.events';
import { userDecider } from '../domain/user.decider';
import { CredentialsRepository } from '../commands/credentials.repository';
import { TwoFactorCredentials } from '../two-factor/two-factor-credentials';
import { EmailKeys } from '../commands/email-key';
import { EmailChangeTokens } from '../commands/email-change.command';
import { EmailVerificationTokens } from '../commands/email-verification.command';
import { PasswordResetTokens } from '../commands/password-reset.command';
import { DocumentSessionStore } from '../http/session/session.store';
import { UserQueries } from '../../../../projections/identity/user.queries';

/** Closings whose erasure was interrupted (a crash between AccountClosed and PersonalDataErased) are finished this often. */
const RESUME_INTERVAL_MS = 60_000;

/**
 * What follows AccountClosed (issue 22), step by step, each one safe to do again: the address's claim is let go
 * (a new account may use it), the password hash, sessions, pending links, the outbox's mails and rate-limit windows
 * for the account's addresses, and its private uploads (attachments, verification document, return photos) are deleted, the keys sealing its personal fields in the log are destroyed, and
 * PersonalDataErased is recorded, on which read models drop or blank what they kept. The steps that need the
 * addresses in clear come before the keys go; a closing interrupted anywhere is finished by the next sweep (and at
 * start-up), found by the users read model's `closing` mark.
 */
@Injectable()
export class AccountErasure extends ProcessManager<string> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly uniqueKeys: UniqueKeys,
    private readonly emails: EmailKeys,
    private readonly credentials: CredentialsRepository,
    private readonly sessions: DocumentSessionStore,
    private readonly verificationTokens: EmailVerificationTokens,
    private readonly resetTokens: PasswordResetTokens,
    private readonly changeTokens: EmailChangeTokens,
    private readonly rateLimiter: RateLimiter,
    private readonly keys: PersonalDataKeys,
    private readonly commands: CommandBus,
    private readonly twoFactor: TwoFactorCredentials,
  ) {
    super('AccountErasure');
  }

  /** Right after AccountClosed: the closing is recorded, so a failure here is the supervisor's to finish, not the request's. */
  afterClosing(userId: string, context: CommandContext): Promise<void> {
    return this.leaveToSupervisor(userId, () => this.erase(userId, context), undefined);
  }

  erase(userId: string, context: CommandContext): Promise<void> {
    return this.inTurn(userId, () => this.steps(userId, context));
  }

  private async steps(userId: string, context: CommandContext): Promise<void> {
    const stream = userStream(userId);
    const { state } = await this.streams.load(stream, userDecider);
    if (state.closing !== 'closed' || state.closedWith === null) return;
    const addresses = state.emails.filter((email) => !isErased(email));
    const current = isErased(state.email) ? null : state.email;
    if (current !== null) await this.uniqueKeys.release(this.emails.of(current), userId, 'The account was closed', context);
    await this.credentials.remove(userId);
    await this.twoFactor.remove(userId);
    await this.sessions.endSessionsOf(userId);
    for (const tokens of [this.verificationTokens, this.resetTokens, this.changeTokens]) await tokens.forget(userId);
    for (const address of addresses) await this.rateLimiter.reset(`password-reset-email:${address}`);
    await this.commands.execute(new ForgetRecipient(addresses));
    await this.commands.execute(new ErasePrivateUploads(userId, context));
    crashPoint('account-erasure:before-keys');
    await this.keys.destroy(state.closedWith.keyOwners);
    crashPoint('account-erasure:before-record');
    await this.streams.execute(stream, userDecider, { kind: 'recordErasure' }, context);
  }
}

/** The supervisor: closings whose erasure was interrupted (found by the users read model's `closing` mark) are finished at start-up and on every sweep. */
@Injectable()
export class AccountErasureSupervisor extends SweepingService<[], number> {
  constructor(
    private readonly erasure: AccountErasure,
    private readonly users: UserQueries,
    @Inject(LeaseKeeper) leases: LeaseKeeper | null,
  ) {
    super('AccountErasure', RESUME_INTERVAL_MS, leases, () => []);
  }

  override async onApplicationBootstrap(): Promise<void> {
    super.onApplicationBootstrap();
    // A failure here must not stop the shop from starting: the timed sweeps try again.
    await this.runSweep().catch((error: Error) => new Logger('AccountErasure').error(`Finishing interrupted closings failed: ${error.message}`));
  }

  protected async sweepOnce(): Promise<number> {
    const closing = await this.users.closing();
    for (const userId of closing) await this.erasure.erase(userId, systemContext());
    return closing.length;
  }
}
