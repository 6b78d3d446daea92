import { DomainEvent } from '../../shared/contract/domain-event';

export type Role = 'admin' | 'customer';

/** No password or token ever enters the log: the hash lives in the credentials store, keyed by userId. */
export type UserRegistered = DomainEvent<'UserRegistered', { userId: string; email: string; fullName: string; role: Role }>;
export type RoleGranted = DomainEvent<'RoleGranted', { userId: string; role: Role }>;
/** A confirmation link was mailed to `email`. Its token is not here: only the token's SHA-256 is kept, in the credential store. */
export type EmailVerificationRequested = DomainEvent<'EmailVerificationRequested', { userId: string; email: string; expiresAt: string }>;
/** Someone who reads `email`'s mailbox followed the link: the guest orders placed with it may become this account's. */
export type EmailVerified = DomainEvent<'EmailVerified', { userId: string; email: string }>;

/** A link to choose a new password was mailed to `email` (issue 22). Its token is not here: only its SHA-256, in the credential store. */
export type PasswordResetRequested = DomainEvent<'PasswordResetRequested', { userId: string; email: string; expiresAt: string }>;
/** The password was set anew through a mailed link; every session of the account ended. No hash here either. */
export type PasswordReset = DomainEvent<'PasswordReset', { userId: string; sessionsEnded: number }>;

/** The signed-in owner changed the password, giving the current one; every other session of the account ended. */
export type PasswordChanged = DomainEvent<'PasswordChanged', { userId: string; sessionsEnded: number }>;

export type UserEvent = UserRegistered | RoleGranted | EmailVerificationRequested | EmailVerified | PasswordResetRequested | PasswordReset | PasswordChanged;

export const userStream = (userId: string) => `user-${userId}`;

/**
 * Whether the account's address counts as confirmed. Administrators do without the link: ADMIN_EMAIL
 * (or the demo admin) is vouched for by whoever configured the shop, and an admin sees every order anyway.
 */
export function hasVerifiedEmail(account: { emailVerified: boolean; role: Role }): boolean {
  return account.emailVerified || account.role === 'admin';
}
