import { DomainEvent } from '../../shared/contract/domain-event';
import { isStaff, Role, roleOf, StaffRole } from './staff-roles';

export type { Role } from './staff-roles';

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

/** The owner asked to use `newEmail` instead (issue 22): a link was mailed there, and nothing changes until it is followed. */
export type EmailChangeRequested = DomainEvent<'EmailChangeRequested', { userId: string; newEmail: string; expiresAt: string }>;
/** The link mailed to `to` was followed: the account uses `to` from now on, confirmed by that link. */
export type EmailChanged = DomainEvent<'EmailChanged', { userId: string; from: string; to: string }>;

/**
 * The owner closed the account (issue 22), giving the password. From now on it signs in nowhere; its personal data is
 * erased by the steps that follow (AccountErasure): `orderIds` are the orders that were the account's (placed signed in
 * or claimed), `keyOwners` the owners of the keys that seal its personal fields in the log (the account's, and each
 * of its addresses' as a guest), all destroyed, and `streams` those whose events named the person (for the audit
 * log). Ids and keyed hashes only: nothing here names the person.
 */
export type AccountClosed = DomainEvent<'AccountClosed', { userId: string; orderIds: number[]; keyOwners: string[]; streams: string[] }>;
/**
 * The closed account's personal data is gone: sign-in, sessions, links and mails deleted, its keys destroyed (its
 * fields in the log read "[erased]" from now on, on every rebuild too). Read models drop or blank what they kept of
 * it: the account, its orders' buyer (the amounts stay, for the books), its cases, verification and reviews' name.
 * `streams`: the streams whose audit entries named the person.
 */
export type PersonalDataErased = DomainEvent<'PersonalDataErased', { userId: string; orderIds: number[]; streams: string[] }>;

/**
 * The account accepted an owner's staff invitation (issue 23): it holds `role` from now on. `invitedBy`: the owner who
 * invited (the acting user in the metadata is the invitee, who followed the link).
 */
export type StaffInvitationAccepted = DomainEvent<'StaffInvitationAccepted', { userId: string; invitationId: string; role: StaffRole; invitedBy: string | null }>;
/** An owner made the staff account a customer account again (issue 23): `role` is the one it had; its sessions ended at once. */
export type StaffRemoved = DomainEvent<'StaffRemoved', { userId: string; role: StaffRole; sessionsEnded: number }>;
/**
 * Two-factor sign-in (issue 23) was turned on: a code of the new authenticator was given. The secret and the
 * recovery codes' hashes are in the credential store, never here.
 */
export type TwoFactorEnabled = DomainEvent<'TwoFactorEnabled', { userId: string; recoveryCodes: number }>;
/** Two-factor sign-in was turned off, with a current code (`authenticator`) or a recovery code, or by the owner for a member who lost both (`ownerReset`). */
export type TwoFactorDisabled = DomainEvent<'TwoFactorDisabled', { userId: string; with: 'authenticator' | 'recoveryCode' | 'ownerReset' }>;
/** A recovery code signed the account in (each works once); `codesLeft` are still unused. */
export type TwoFactorRecoveryCodeUsed = DomainEvent<'TwoFactorRecoveryCodeUsed', { userId: string; codesLeft: number }>;

export type UserEvent =
  | UserRegistered
  | RoleGranted
  | StaffInvitationAccepted
  | StaffRemoved
  | EmailVerificationRequested
  | EmailVerified
  | PasswordResetRequested
  | PasswordReset
  | PasswordChanged
  | EmailChangeRequested
  | EmailChanged
  | AccountClosed
  | PersonalDataErased
  | TwoFactorEnabled
  | TwoFactorDisabled
  | TwoFactorRecoveryCodeUsed;

export const userStream = (userId: string) => `user-${userId}`;

/** For read models that keep a person's data: the closed account's erasure, on which they drop or blank it. */
export function isPersonalDataErased(event: { type: string; streamId: string }): event is { type: 'PersonalDataErased'; streamId: string; data: PersonalDataErased['data'] } {
  return event.type === 'PersonalDataErased' && event.streamId.startsWith('user-');
}

/**
 * A user's event in today's shape: roles recorded as `admin` (before issue 23 the only staff role) read as
 * `owner`. The version stays 1: the payload's shape is the same, only the role's name changed.
 */
export function upcastUserEvent(event: DomainEvent): UserEvent {
  if (event.type === 'UserRegistered' || event.type === 'RoleGranted') {
    const { data } = event as UserRegistered | RoleGranted;
    return { ...event, data: { ...data, role: roleOf(data.role) } } as UserRegistered | RoleGranted;
  }
  return event as UserEvent;
}

/**
 * Whether the account's address counts as confirmed. Staff do without the link: ADMIN_EMAIL (or the demo
 * admin) is vouched for by whoever configured the shop, and every other staff member by the owner who
 * gave them their role.
 */
export function hasVerifiedEmail(account: { emailVerified: boolean; role: Role }): boolean {
  return account.emailVerified || isStaff(account.role);
}
