import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { emailChangeNoticeEmail, passwordChangedEmail, passwordResetEmail } from '../domain/account-emails';
import { NOTIFIER, Notifier } from '../mail/notifier.port';

/**
 * Mails a password reset link. Sent by identity itself, like a confirmation link: the token never enters the
 * log, and the outbox keeps the message with the token masked.
 */
export class SendPasswordResetLink extends Command<void> {
  constructor(
    /** Unique per link, so a retried send never mails twice. */
    readonly messageId: string,
    readonly to: string,
    readonly link: string,
    /** The token in `link`: sent, never kept. */
    readonly token: string,
    readonly expiresAt: string,
  ) {
    super();
  }
}

@CommandHandler(SendPasswordResetLink)
export class SendPasswordResetLinkHandler implements ICommandHandler<SendPasswordResetLink> {
  constructor(@Inject(NOTIFIER) private readonly notifier: Notifier) {}

  async execute({ messageId, to, link, token, expiresAt }: SendPasswordResetLink): Promise<void> {
    await this.notifier.send({ id: `password-reset-${messageId}`, to, ...passwordResetEmail(link, expiresAt), secrets: [token] });
  }
}

/** Tells the account's address that its password was just reset. */
export class SendPasswordChangedNotice extends Command<void> {
  constructor(
    readonly messageId: string,
    readonly to: string,
    readonly at: string,
    /** Through a mailed reset link, or by the signed-in owner giving the current password. */
    readonly how: 'reset' | 'account',
  ) {
    super();
  }
}

@CommandHandler(SendPasswordChangedNotice)
export class SendPasswordChangedNoticeHandler implements ICommandHandler<SendPasswordChangedNotice> {
  constructor(@Inject(NOTIFIER) private readonly notifier: Notifier) {}

  async execute({ messageId, to, at, how }: SendPasswordChangedNotice): Promise<void> {
    await this.notifier.send({ id: `password-changed-${messageId}`, to, ...passwordChangedEmail(at, how) });
  }
}

/** Tells the old address that a change was asked for (`done` false) or made (`done` true). */
export class SendEmailChangeNotice extends Command<void> {
  constructor(
    readonly messageId: string,
    readonly to: string,
    readonly newEmail: string,
    readonly at: string,
    readonly done: boolean,
  ) {
    super();
  }
}

@CommandHandler(SendEmailChangeNotice)
export class SendEmailChangeNoticeHandler implements ICommandHandler<SendEmailChangeNotice> {
  constructor(@Inject(NOTIFIER) private readonly notifier: Notifier) {}

  async execute({ messageId, to, newEmail, at, done }: SendEmailChangeNotice): Promise<void> {
    await this.notifier.send({ id: `email-change-notice-${messageId}`, to, ...emailChangeNoticeEmail(newEmail, at, done) });
  }
}
