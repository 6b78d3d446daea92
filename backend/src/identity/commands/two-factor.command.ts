import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ConflictError, InvalidInputError, NotFoundError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { userDecider } from '../domain/user.decider';
import { userStream } from '../contract/identity.events';
import { TWO_FACTOR_MESSAGES, TwoFactorEnabledView, TwoFactorSetupView } from '../contract/two-factor';
import { TwoFactorCredentials } from '../two-factor/two-factor-credentials';
import { otpauthUrl } from '../two-factor/totp';
import { isStaff } from '../contract/staff-roles';
import { DocumentSessionStore } from '../http/session/session.store';

/**
 * Two-factor sign-in for staff (issue 23): a setup makes a secret for the authenticator app, its first code turns
 * it on (TwoFactorEnabled, with ten recovery codes shown once), a current code turns it off (TwoFactorDisabled).
 * Secrets and recovery codes' hashes stay in the credential store (TwoFactorCredentials); the log records the facts.
 */
export class StartTwoFactorSetup extends Command<TwoFactorSetupView> {
  constructor(readonly userId: string) {
    super();
  }
}

@CommandHandler(StartTwoFactorSetup)
export class StartTwoFactorSetupHandler implements ICommandHandler<StartTwoFactorSetup> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly credentials: TwoFactorCredentials,
  ) {}

  async execute({ userId }: StartTwoFactorSetup): Promise<TwoFactorSetupView> {
    const { state } = await this.streams.load(userStream(userId), userDecider);
    // Only what may be turned on may be set up: staff accounts that are open.
    userDecider.decide({ kind: 'enableTwoFactor', recoveryCodes: 0 }, state);
    const secret = await this.credentials.startSetup(userId);
    return { otpauthUrl: otpauthUrl(state.email, secret), secret };
  }
}

export class EnableTwoFactor extends Command<TwoFactorEnabledView & { position: number | null }> {
  constructor(
    readonly userId: string,
    readonly code: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(EnableTwoFactor)
export class EnableTwoFactorHandler implements ICommandHandler<EnableTwoFactor> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly credentials: TwoFactorCredentials,
  ) {}

  async execute({ userId, code, context }: EnableTwoFactor) {
    const { state } = await this.streams.load(userStream(userId), userDecider);
    const command = { kind: 'enableTwoFactor', recoveryCodes: 0 } as const;
    userDecider.decide(command, state);
    const recoveryCodes = await this.credentials.enable(userId, code);
    const { position } = await this.streams.execute(userStream(userId), userDecider, { ...command, recoveryCodes: recoveryCodes.length }, context);
    return { recoveryCodes, position };
  }
}

export class DisableTwoFactor extends Command<{ position: number | null }> {
  constructor(
    readonly userId: string,
    readonly code: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(DisableTwoFactor)
export class DisableTwoFactorHandler implements ICommandHandler<DisableTwoFactor> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly credentials: TwoFactorCredentials,
  ) {}

  async execute({ userId, code, context }: DisableTwoFactor) {
    const { state } = await this.streams.load(userStream(userId), userDecider);
    userDecider.decide({ kind: 'disableTwoFactor', with: 'authenticator' }, state);
    if (!(await this.credentials.isEnabled(userId))) throw new ConflictError(TWO_FACTOR_MESSAGES.notOn);
    const factor = await this.credentials.verify(userId, code);
    if (factor === null) throw new InvalidInputError(TWO_FACTOR_MESSAGES.wrongCode);
    await this.credentials.remove(userId);
    return this.streams.execute(userStream(userId), userDecider, { kind: 'disableTwoFactor', with: factor }, context);
  }
}

/**
 * The owner turns a staff member's two-factor sign-in off (issue 23): their authenticator is lost and so are the
 * recovery codes. The secret and codes are deleted, every session of theirs ends (whoever holds the lost phone is
 * signed out too), and the member enrols again at their next sign-in. Recorded with the owner as its actor.
 */
export class ResetStaffTwoFactor extends Command<{ position: number | null }> {
  constructor(
    readonly userId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ResetStaffTwoFactor)
export class ResetStaffTwoFactorHandler implements ICommandHandler<ResetStaffTwoFactor> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly credentials: TwoFactorCredentials,
    private readonly sessions: DocumentSessionStore,
  ) {}

  async execute({ userId, context }: ResetStaffTwoFactor) {
    const { state } = await this.streams.load(userStream(userId), userDecider);
    userDecider.decide({ kind: 'disableTwoFactor', with: 'ownerReset' }, state);
    if (!isStaff(state.role)) throw new NotFoundError(TWO_FACTOR_MESSAGES.notStaffMember);
    if (!(await this.credentials.isEnabled(userId))) throw new ConflictError(TWO_FACTOR_MESSAGES.notOn);
    await this.credentials.remove(userId);
    await this.sessions.endSessionsOf(userId);
    return this.streams.execute(userStream(userId), userDecider, { kind: 'disableTwoFactor', with: 'ownerReset' }, context);
  }
}

/** A recovery code signed the account in (TwoFactorCredentials used it up): recorded, with how many are left. */
export class RecordRecoveryCodeUse extends Command<{ position: number | null }> {
  constructor(
    readonly userId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(RecordRecoveryCodeUse)
export class RecordRecoveryCodeUseHandler implements ICommandHandler<RecordRecoveryCodeUse> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly credentials: TwoFactorCredentials,
  ) {}

  async execute({ userId, context }: RecordRecoveryCodeUse) {
    const codesLeft = await this.credentials.recoveryCodesLeft(userId);
    return this.streams.execute(userStream(userId), userDecider, { kind: 'useRecoveryCode', codesLeft }, context);
  }
}
