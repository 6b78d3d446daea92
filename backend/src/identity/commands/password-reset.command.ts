import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../../config';
import { SendPasswordChangedNotice, SendPasswordResetLink } from '../../notifications/commands/public';
import { InvalidInputError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { CREDENTIAL_STORE, CredentialStore } from '../../storage/credential-store/credential-store.port';
import { userStream } from '../contract/identity.events';
import { userDecider } from '../domain/user.decider';
import { WRONG_CURRENT_PASSWORD } from '../contract/auth-input';
import { AccountLinkTokens } from './account-link-tokens';
import { CredentialsRepository } from './credentials.repository';
import { DocumentSessionStore } from '../http/session/session.store';

export const PASSWORD_RESETS_COLLECTION = 'identity_password_resets';
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;
export const INVALID_RESET_LINK = 'This password reset link is not valid: it was used, it expired, or it was replaced by a newer one. Ask for a new link from the sign-in page.';

/** Reset links waiting to be followed (see AccountLinkTokens). */
@Injectable()
export class PasswordResetTokens extends AccountLinkTokens {
  constructor(@Inject(CREDENTIAL_STORE) store: CredentialStore) {
    super(store, PASSWORD_RESETS_COLLECTION);
  }
}

/**
 * Mails a link to choose a new password to the account that uses `email`, if there is one (issue 22).
 * The caller answers the same whether or not there is: nothing here tells who has an account. The link
 * (single-use, an hour, only its hash kept) points to the shop's own origin, never to a request's Host.
 * The mail goes out before PasswordResetRequested is recorded, so the log never claims a link it did not send.
 */
export class RequestPasswordReset extends Command<{ mailed: boolean }> {
  constructor(
    readonly email: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(RequestPasswordReset)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordReset> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly credentials: CredentialsRepository,
    private readonly tokens: PasswordResetTokens,
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ email, context }: RequestPasswordReset) {
    const credentials = await this.credentials.findByEmail(email);
    if (!credentials) return { mailed: false };
    const userId = credentials._id;
    const { state } = await this.streams.load(userStream(userId), userDecider);
    // Credentials of a sign-up that never completed: no account to reset.
    if (state.userId === null) return { mailed: false };
    const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_MS).toISOString();
    const command = { kind: 'requestPasswordReset', expiresAt } as const;
    userDecider.decide(command, state);
    const token = await this.tokens.issue(userId, state.email, new Date(expiresAt));
    const link = `${this.config.shopOrigin}/auth/reset?token=${token}`;
    await this.commands.execute(new SendPasswordResetLink(randomUUID(), state.email, link, token, expiresAt));
    await this.streams.execute(userStream(userId), userDecider, command, context);
    return { mailed: true };
  }
}

/**
 * A reset link was followed with a new password: the password is set (hashed, in the credential store),
 * every session of the account ends, PasswordReset is recorded and the address is told. Any token that is
 * not a live one fails the same way, so the answer never tells a used link from an expired or made-up one.
 */
export class ResetPassword extends Command<{ userId: string; position: number | null }> {
  constructor(
    readonly token: string,
    readonly password: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ResetPassword)
export class ResetPasswordHandler implements ICommandHandler<ResetPassword> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly credentials: CredentialsRepository,
    private readonly tokens: PasswordResetTokens,
    private readonly sessions: DocumentSessionStore,
    private readonly commands: CommandBus,
  ) {}

  async execute({ token, password, context }: ResetPassword) {
    const link = await this.tokens.take(token);
    if (!link) throw new InvalidInputError(INVALID_RESET_LINK);
    const { state } = await this.streams.load(userStream(link.userId), userDecider);
    // Checked before anything changes: a link mailed to an address the account no longer has resets nothing.
    userDecider.decide({ kind: 'resetPassword', email: link.email, sessionsEnded: 0 }, state);
    await this.credentials.save(link.userId, link.email, password);
    const sessionsEnded = await this.sessions.endSessionsOf(link.userId);
    // The mailbox's holder acts, whoever is signed in in the browser that opened the link.
    const acting = { ...context, actorId: link.userId };
    const { position } = await this.streams.execute(userStream(link.userId), userDecider, { kind: 'resetPassword', email: link.email, sessionsEnded }, acting);
    await this.commands.execute(new SendPasswordChangedNotice(randomUUID(), link.email, new Date().toISOString(), 'reset'));
    return { userId: link.userId, position };
  }
}

/**
 * The signed-in owner changes the password, giving the current one (issue 22): the new one is set, every other
 * session ends (the one asking stays signed in), PasswordChanged is recorded and the address is told.
 */
export class ChangePassword extends Command<{ position: number | null }> {
  constructor(
    readonly userId: string,
    readonly currentPassword: string,
    readonly newPassword: string,
    /** The asking browser's session id: it stays. */
    readonly sessionId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ChangePassword)
export class ChangePasswordHandler implements ICommandHandler<ChangePassword> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly credentials: CredentialsRepository,
    private readonly sessions: DocumentSessionStore,
    private readonly commands: CommandBus,
  ) {}

  async execute({ userId, currentPassword, newPassword, sessionId, context }: ChangePassword) {
    const { state } = await this.streams.load(userStream(userId), userDecider);
    userDecider.decide({ kind: 'changePassword', sessionsEnded: 0 }, state);
    if ((await this.credentials.verify(state.email, currentPassword)) !== userId) throw new InvalidInputError(WRONG_CURRENT_PASSWORD);
    await this.credentials.save(userId, state.email, newPassword);
    const sessionsEnded = await this.sessions.endSessionsOf(userId, sessionId);
    const { position } = await this.streams.execute(userStream(userId), userDecider, { kind: 'changePassword', sessionsEnded }, context);
    await this.commands.execute(new SendPasswordChangedNotice(randomUUID(), state.email, new Date().toISOString(), 'account'));
    return { position };
  }
}
