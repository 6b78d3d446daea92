import { UserEvent } from './identity.events';

/** Account events as the audit trail tells them to a person. */
export function describeIdentityEvent(event: UserEvent): string {
  switch (event.type) {
    case 'UserRegistered':
      return `Account registered: ${event.data.fullName} <${event.data.email}> as ${event.data.role}`;
    case 'RoleGranted':
      return `Role changed to ${event.data.role}`;
    case 'EmailVerificationRequested':
      return `Confirmation link mailed to <${event.data.email}>, valid until ${event.data.expiresAt}`;
    case 'EmailVerified':
      return `E-mail address <${event.data.email}> confirmed`;
    case 'PasswordResetRequested':
      return `Password reset link mailed to <${event.data.email}>, valid until ${event.data.expiresAt}`;
    case 'PasswordChanged':
      return `Password changed by the account's owner; ${event.data.sessionsEnded} other session${event.data.sessionsEnded === 1 ? '' : 's'} ended`;
    case 'PasswordReset':
      return `Password set anew through a mailed link; ${event.data.sessionsEnded} session${event.data.sessionsEnded === 1 ? '' : 's'} ended`;
  }
}
