import { EmailContent, SIGNATURE } from './order-emails';

/** An owner's invitation to join the staff (issue 23): the link works once, until it expires, and nothing changes without it. */
export function staffInvitationEmail(role: string, link: string, expiresAt: string): EmailContent {
  return {
    subject: 'You are invited to join the shop staff',
    text: [
      'Hello,',
      '',
      `The shop's owner invites you to join the staff as ${role}. To accept, open this link and choose a name and password (or sign in, if you already have an account with this address):`,
      '',
      link,
      '',
      `The link works once, until ${new Date(expiresAt).toUTCString()}.`,
      '',
      'If you did not expect this invitation, ignore this e-mail: nothing happens without the link.',
      '',
      SIGNATURE,
    ].join('\n'),
  };
}
