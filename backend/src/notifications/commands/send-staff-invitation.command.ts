import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { staffInvitationEmail } from '../domain/staff-emails';
import { NOTIFIER, Notifier } from '../mail/notifier.port';

/**
 * Mails a staff invitation link (issue 23). Sent by identity itself, like a reset link: the token never enters the
 * log, and the outbox keeps the message with the token masked.
 */
export class SendStaffInvitation extends Command<void> {
  constructor(
    /** The invitation's id: a retried send never mails twice. */
    readonly invitationId: string,
    readonly to: string,
    readonly role: string,
    readonly link: string,
    /** The token in `link`: sent, never kept. */
    readonly token: string,
    readonly expiresAt: string,
  ) {
    super();
  }
}

@CommandHandler(SendStaffInvitation)
export class SendStaffInvitationHandler implements ICommandHandler<SendStaffInvitation> {
  constructor(@Inject(NOTIFIER) private readonly notifier: Notifier) {}

  async execute({ invitationId, to, role, link, token, expiresAt }: SendStaffInvitation): Promise<void> {
    await this.notifier.send({ id: `staff-invitation-${invitationId}`, to, ...staffInvitationEmail(role, link, expiresAt), secrets: [token] });
  }
}
