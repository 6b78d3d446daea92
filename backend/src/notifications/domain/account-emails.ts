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

/** The link to choose a new password (issue 22): it works once, for an hour, and nothing changes without it. */
export function passwordResetEmail(link: string, expiresAt: string): EmailContent {
  return {
    subject: 'Reset your password',
    text: [
      'Hello,',
      '',
      'Someone asked to reset the password of the account that uses this e-mail address. To choose a new password, open this link:',
      '',
      link,
      '',
      `The link works once, until ${new Date(expiresAt).toUTCString()}. Choosing a new password signs the account out everywhere.`,
      '',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

/** Told after a reset, so that the account's owner learns of a reset they did not make. */
export function passwordChangedEmail(at: string, how: 'reset' | 'account'): EmailContent {
  return {
    subject: 'Your password was changed',
    text: [
      'Hello,',
      '',
      how === 'reset'
        ? `The password of your account was changed on ${new Date(at).toUTCString()} through a reset link mailed to this address, and every session of the account was signed out.`
        : `The password of your account was changed on ${new Date(at).toUTCString()} from its account page, and every other session of the account was signed out.`,
      '',
      'If this was not you, reset your password again from the sign-in page at once and contact our support.',
      '',
      SIGNATURE,
    ].join('\n'),
  };
}
