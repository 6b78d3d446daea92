import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../../config';
import { SendEmailVerification } from '../../notifications/commands/public';
import { NotFoundError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { CREDENTIAL_STORE, CredentialStore } from '../../storage/credential-store/credential-store.port';
import { AccountLinkTokens } from './account-link-tokens';
import { hasVerifiedEmail, userStream } from '../contract/identity.events';
import { userDecider } from '../domain/user.decider';

export const EMAIL_VERIFICATIONS_COLLECTION = 'identity_email_verifications';
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60_000;
const INVALID_LINK = 'This confirmation link is not valid.';

/** Confirmation links waiting to be followed (see AccountLinkTokens). */
@Injectable()
export class EmailVerificationTokens extends AccountLinkTokens {
  constructor(@Inject(CREDENTIAL_STORE) store: CredentialStore) {
    super(store, EMAIL_VERIFICATIONS_COLLECTION);
  }
}

/**
 * Mails the account a link that proves its holder reads the mailbox (on sign-up, and on request).
 * The decision is checked first (an address already confirmed gets nothing), the link is stored and
 * mailed, and only then is EmailVerificationRequested recorded: the log never says a link was sent
 * when it was not. The link points to the shop's own origin (PUBLIC_URL, else http://localhost:PORT),
 * never to a Host header the client who signed up chose.
 */
export class RequestEmailVerification extends Command<{ position: number | null }> {
  constructor(
    readonly userId: string,
    readonly firstName: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(RequestEmailVerification)
export class RequestEmailVerificationHandler implements ICommandHandler<RequestEmailVerification> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly tokens: EmailVerificationTokens,
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ userId, firstName, context }: RequestEmailVerification) {
    const expiresAt = new Date(Date.now() + EMAIL_VERIFICATION_TTL_MS);
    const command = { kind: 'requestEmailVerification', expiresAt: expiresAt.toISOString() } as const;
    const { state } = await this.streams.load(userStream(userId), userDecider);
    userDecider.decide(command, state);
    const token = await this.tokens.issue(userId, state.email, expiresAt);
    const link = `${this.config.shopOrigin}/api/auth/verify-email?token=${token}`;
    await this.commands.execute(new SendEmailVerification(randomUUID(), state.email, firstName, link, token, command.expiresAt));
    const { position } = await this.streams.execute(userStream(userId), userDecider, command, context);
    return { position };
  }
}

/**
 * A confirmation link was followed: records EmailVerified for the account it was mailed for (the
 * follower need not be signed in; the token is the proof). Any token that is not a live one is the
 * same NotFoundError, so the answer never tells a used link from an expired or made-up one.
 */
export class VerifyEmail extends Command<{ userId: string; email: string; position: number | null }> {
  constructor(
    readonly token: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(VerifyEmail)
export class VerifyEmailHandler implements ICommandHandler<VerifyEmail> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly tokens: EmailVerificationTokens,
  ) {}

  async execute({ token, context }: VerifyEmail) {
    const link = await this.tokens.take(token);
    if (!link) throw new NotFoundError(INVALID_LINK);
    // The mailbox's holder acts, whoever is signed in in the browser that opened the link.
    const acting = { ...context, actorId: link.userId };
    const { position } = await this.streams.execute(userStream(link.userId), userDecider, { kind: 'verifyEmail', email: link.email }, acting);
    return { ...link, position };
  }
}

/** The account's address when it counts as confirmed, read from the account's own stream (not a read model): the proof for claiming guest orders by e-mail. */
@Injectable()
export class VerifiedEmails {
  constructor(private readonly streams: StreamExecutor) {}

  async of(userId: string): Promise<string | null> {
    const { state } = await this.streams.load(userStream(userId), userDecider);
    return state.userId !== null && hasVerifiedEmail(state) ? state.email : null;
  }
}
