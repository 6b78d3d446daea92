import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { emailChangeLinkEmail, emailVerificationEmail } from '../domain/account-emails';
import { NOTIFIER, Notifier } from '../mail/notifier.port';

/**
 * Mails an account's confirmation link, or the link that moves the account to a new address. Sent by identity itself, not by a reactor on its events: the
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
    /** `new-address`: the link moves the account to `to` (issue 22); otherwise it confirms the account's own address. */
    readonly purpose: 'confirm' | 'new-address' = 'confirm',
  ) {
    super();
  }
}

@CommandHandler(SendEmailVerification)
export class SendEmailVerificationHandler implements ICommandHandler<SendEmailVerification> {
  constructor(@Inject(NOTIFIER) private readonly notifier: Notifier) {}

  async execute({ messageId, to, firstName, link, token, expiresAt, purpose }: SendEmailVerification): Promise<void> {
    const [prefix, content] = purpose === 'new-address' ? ['email-change', emailChangeLinkEmail(firstName, link, expiresAt)] : ['email-verification', emailVerificationEmail(firstName, link, expiresAt)];
    await this.notifier.send({ id: `${prefix}-${messageId}`, to, ...content, secrets: [token] });
  }
}
