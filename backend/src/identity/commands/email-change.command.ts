import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../../config';
import { SendEmailChangeNotice, SendEmailVerification } from '../../notifications/commands/public';
import { ConflictError, InvalidInputError, NotFoundError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { UniqueKeys } from '../../shared/event-sourcing/unique-keys';
import { CREDENTIAL_STORE, CredentialStore } from '../../storage/credential-store/credential-store.port';
import { EMAIL_CHANGE_LINK_MINUTES, WRONG_CURRENT_PASSWORD } from '../contract/auth-input';
import { userStream } from '../contract/identity.events';
import { userDecider } from '../domain/user.decider';
import { AccountLinkTokens } from './account-link-tokens';
import { CredentialsRepository } from './credentials.repository';
import { EMAIL_TAKEN_MESSAGE, EmailKeys } from './email-key';

export const EMAIL_CHANGES_COLLECTION = 'identity_email_changes';
export const INVALID_EMAIL_CHANGE_LINK = 'This link to change your e-mail address is not valid.';

/** Links to a new address waiting to be followed (see AccountLinkTokens): the new address is the link's. */
@Injectable()
export class EmailChangeTokens extends AccountLinkTokens {
  constructor(@Inject(CREDENTIAL_STORE) store: CredentialStore) {
    super(store, EMAIL_CHANGES_COLLECTION);
  }
}

/**
 * The signed-in owner asks to use another address (issue 22), giving the current password: a link is mailed to
 * the new address (only its hash is kept), the old one is told, and nothing changes until the link is followed.
 * An address another account uses is refused now (409), and again when the link is followed.
 */
export class RequestEmailChange extends Command<{ position: number | null }> {
  constructor(
    readonly userId: string,
    /** Trimmed and lower-cased. */
    readonly newEmail: string,
    readonly currentPassword: string,
    /** The greeting of the mail to the new address. */
    readonly firstName: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(RequestEmailChange)
export class RequestEmailChangeHandler implements ICommandHandler<RequestEmailChange> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly credentials: CredentialsRepository,
    private readonly tokens: EmailChangeTokens,
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ userId, newEmail, currentPassword, firstName, context }: RequestEmailChange) {
    const expiresAt = new Date(Date.now() + EMAIL_CHANGE_LINK_MINUTES * 60_000);
    const command = { kind: 'requestEmailChange', newEmail, expiresAt: expiresAt.toISOString() } as const;
    const { state } = await this.streams.load(userStream(userId), userDecider);
    userDecider.decide(command, state);
    if ((await this.credentials.verify(state.email, currentPassword)) !== userId) throw new InvalidInputError(WRONG_CURRENT_PASSWORD);
    const holder = await this.credentials.findByEmail(newEmail);
    if (holder && holder._id !== userId) throw new ConflictError(EMAIL_TAKEN_MESSAGE);
    const token = await this.tokens.issue(userId, newEmail, expiresAt);
    const link = `${this.config.shopOrigin}/api/auth/confirm-email-change?token=${token}`;
    await this.commands.execute(new SendEmailVerification(randomUUID(), newEmail, firstName, link, token, command.expiresAt, 'new-address'));
    await this.commands.execute(new SendEmailChangeNotice(randomUUID(), state.email, newEmail, new Date().toISOString(), false));
    const { position } = await this.streams.execute(userStream(userId), userDecider, command, context);
    return { position };
  }
}

/**
 * The link was followed from the new mailbox: the address is claimed for the account (409 if another account took
 * it meanwhile), EmailChanged is recorded, sign-in moves to the new address, the old address's claim is let go and
 * the old address is told. A crash after the event needs nothing more: the sign-in record follows the account's stream
 * (CredentialsRepository.findByEmail moves it at the next sign-in), and the next sign-up with the old address takes
 * the abandoned claim over.
 */
export class ConfirmEmailChange extends Command<{ userId: string; position: number | null }> {
  constructor(
    readonly token: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ConfirmEmailChange)
export class ConfirmEmailChangeHandler implements ICommandHandler<ConfirmEmailChange> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly tokens: EmailChangeTokens,
    private readonly credentials: CredentialsRepository,
    private readonly uniqueKeys: UniqueKeys,
    private readonly emails: EmailKeys,
    private readonly commands: CommandBus,
  ) {}

  async execute({ token, context }: ConfirmEmailChange) {
    const link = await this.tokens.take(token);
    if (!link) throw new NotFoundError(INVALID_EMAIL_CHANGE_LINK);
    const acting = { ...context, actorId: link.userId };
    const { state } = await this.streams.load(userStream(link.userId), userDecider);
    const from = state.email;
    userDecider.decide({ kind: 'changeEmail', newEmail: link.email }, state);
    await this.uniqueKeys.claim(this.emails.of(link.email), link.userId, acting);
    const { position } = await this.streams.execute(userStream(link.userId), userDecider, { kind: 'changeEmail', newEmail: link.email }, acting);
    await this.credentials.changeEmail(link.userId, link.email);
    if (from !== link.email) {
      await this.uniqueKeys.release(this.emails.of(from), link.userId, 'The account moved to another address', acting);
      await this.commands.execute(new SendEmailChangeNotice(randomUUID(), from, link.email, new Date().toISOString(), true));
    }
    return { userId: link.userId, position };
  }
}
