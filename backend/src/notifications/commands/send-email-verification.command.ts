import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { emailVerificationEmail } from '../domain/account-emails';
import { NOTIFIER, Notifier } from '../mail/notifier.port';

/**
 * Mails an account's confirmation link. Sent by identity itself, not by a reactor on its events: the
 * link carries a secret that never enters the log, so no event could tell a reactor what to mail.
 * The outbox keeps the message like any other, but with the token masked: only the mail itself can
 * confirm the address.
 */
export class SendEmailVerification extends Command<void> {
  constructor(
    /** Unique per link, so a retried send never mails twice. */
    readonly messageId: string,
    readonly to: string,
    readonly firstName: string,
    readonly link: string,
    /** The token in `link`: the secret that proves the mailbox, sent but never kept. */
    readonly token: string,
    readonly expiresAt: string,
  ) {
    super();
  }
}

@CommandHandler(SendEmailVerification)
export class SendEmailVerificationHandler implements ICommandHandler<SendEmailVerification> {
  constructor(@Inject(NOTIFIER) private readonly notifier: Notifier) {}

  async execute({ messageId, to, firstName, link, token, expiresAt }: SendEmailVerification): Promise<void> {
    await this.notifier.send({ id: `email-verification-${messageId}`, to, ...emailVerificationEmail(firstName, link, expiresAt), secrets: [token] });
  }
}
