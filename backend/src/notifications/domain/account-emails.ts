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

/** The link to the new address of an account (issue 22): nothing changes until it is followed from that mailbox. */
export function emailChangeLinkEmail(firstName: string, link: string, expiresAt: string): EmailContent {
  return {
    subject: 'Confirm your new e-mail address',
    text: [
      `Hello ${firstName},`,
      '',
      'You asked to use this address for your account. To make the change, open this link:',
      '',
      link,
      '',
      `The link works once, until ${new Date(expiresAt).toUTCString()}. Until you open it, your account keeps its current address.`,
      '',
      'If you did not ask for this, ignore this e-mail: nothing changes without the link.',
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

/** Told to the old address, when a change is asked and when it is made, so the owner learns of a change they did not make. */
export function emailChangeNoticeEmail(newEmail: string, at: string, done: boolean): EmailContent {
  return {
    subject: done ? 'Your e-mail address was changed' : 'A change of your e-mail address was asked for',
    text: [
      'Hello,',
      '',
      done
        ? `On ${new Date(at).toUTCString()} your account stopped using this address: it now uses ${newEmail}, confirmed through a link mailed there.`
        : `On ${new Date(at).toUTCString()} someone signed in to your account asked to use ${newEmail} instead of this address. Nothing changes unless the link mailed there is opened.`,
      '',
      'If this was not you, reset your password from the sign-in page at once and contact our support.',
      '',
      SIGNATURE,
    ].join('\n'),
  };
}
