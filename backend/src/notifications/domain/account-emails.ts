import { EmailContent, SIGNATURE } from './order-emails';

/** The link that proves the customer reads this mailbox; nothing else in it is the customer's own text but the first name. */
export function emailVerificationEmail(firstName: string, link: string, expiresAt: string): EmailContent {
  return {
    subject: 'Confirm your e-mail address',
    text: [
      `Hello ${firstName},`,
      '',
      'Please confirm that this is your e-mail address by opening this link:',
      '',
      link,
      '',
      `The link works once, until ${new Date(expiresAt).toUTCString()}. Once you confirm, orders you placed as a guest with this address appear on your dashboard.`,
      '',
      'If you did not create an account with us, ignore this e-mail: nothing happens without the link.',
      '',
      SIGNATURE,
    ].join('\n'),
  };
}
