import { upcastUserEvent, UserEvent } from './identity.events';

/** Account events as the audit trail tells them to a person. */
export function describeIdentityEvent(recorded: UserEvent): string {
  const event = upcastUserEvent(recorded);
  switch (event.type) {
    case 'UserRegistered':
      return `Account registered: ${event.data.fullName} <${event.data.email}> as ${event.data.role}`;
    case 'RoleGranted':
      return `Role changed to ${event.data.role}`;
    case 'StaffInvitationAccepted':
      return `Staff invitation accepted: now ${event.data.role}${event.data.invitedBy ? ` (invited by ${event.data.invitedBy})` : ''}`;
    case 'StaffRemoved':
      return `Removed from the staff (was ${event.data.role}), now a customer; ${event.data.sessionsEnded} session${event.data.sessionsEnded === 1 ? '' : 's'} ended`;
    case 'EmailVerificationRequested':
      return `Confirmation link mailed to <${event.data.email}>, valid until ${event.data.expiresAt}`;
    case 'EmailVerified':
      return `E-mail address <${event.data.email}> confirmed`;
    case 'PasswordResetRequested':
      return `Password reset link mailed to <${event.data.email}>, valid until ${event.data.expiresAt}`;
    case 'PasswordChanged':
      return `Password changed by the account's owner; ${event.data.sessionsEnded} other session${event.data.sessionsEnded === 1 ? '' : 's'} ended`;
    case 'EmailChangeRequested':
      return `Change of e-mail address to <${event.data.newEmail}> asked; link mailed there, valid until ${event.data.expiresAt}`;
    case 'EmailChanged':
      return `E-mail address changed from <${event.data.from}> to <${event.data.to}> (confirmed by the link mailed there)`;
    case 'AccountClosed':
      return `Account closed by its owner; ${event.data.orderIds.length} order${event.data.orderIds.length === 1 ? '' : 's'} kept for the books without the buyer's details`;
    case 'PersonalDataErased':
      return `Personal data erased: sign-in, sessions and mails deleted, the keys of the account's personal fields destroyed`;
    case 'TwoFactorEnabled':
      return `Two-factor sign-in turned on; ${event.data.recoveryCodes} recovery codes issued`;
    case 'TwoFactorDisabled':
      if (event.data.with === 'ownerReset') return "Two-factor sign-in reset by the owner (authenticator lost); the member's sessions ended";
      return `Two-factor sign-in turned off (with ${event.data.with === 'authenticator' ? 'a current authenticator code' : 'a recovery code'})`;
    case 'TwoFactorRecoveryCodeUsed':
      return `Signed in with a recovery code; ${event.data.codesLeft} left`;
    case 'PasswordReset':
      return `Password set anew through a mailed link; ${event.data.sessionsEnded} session${event.data.sessionsEnded === 1 ? '' : 's'} ended`;
  }
}
