import { Decider } from '../../shared/event-sourcing/decider';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '../../shared/errors';
import { hasVerifiedEmail, Role, upcastUserEvent, UserEvent } from '../contract/identity.events';
import { isStaff, StaffRole } from '../contract/staff-roles';
import { INVITATION_FOR_ANOTHER_ADDRESS, LAST_OWNER, NOT_STAFF } from '../contract/staff-input';
import { TWO_FACTOR_MESSAGES } from '../contract/two-factor';

export interface UserState {
  userId: string | null;
  role: Role;
  email: string;
  emailVerified: boolean;
  /** Every address the account has had, the current one last: their guest orders' keys are destroyed when it closes. */
  emails: string[];
  /** `closed`: AccountClosed is recorded, its erasure not yet; `erased`: done. A closed account does nothing more. */
  closing: 'open' | 'closed' | 'erased';
  /** What AccountClosed recorded, for the erasure's steps (null while the account is open). */
  closedWith: { orderIds: number[]; keyOwners: string[]; streams: string[] } | null;
}

export const EMAIL_ALREADY_VERIFIED = 'Your e-mail address is already confirmed.';
export const SAME_EMAIL = 'That is already your e-mail address.';
export const ADMIN_EMAIL_FIXED = "An administrator's address is set by ADMIN_EMAIL, not here.";
/** Staff accounts sign the shop's records: the owner makes one a customer account (issue 23) before it can be closed. */
export const STAFF_CANNOT_CLOSE = 'A staff account cannot be closed. Ask the owner to make it a customer account first.';
export const OWNER_CANNOT_CLOSE = "The shop owner's account cannot be closed.";
export const ACCOUNT_NOT_FOUND = 'User not found';

export type UserCommand =
  | { kind: 'register'; userId: string; email: string; fullName: string; role: Role }
  | { kind: 'grantRole'; role: Role }
  /** Staff management (issue 23): `isConfiguredOwner`, whether the account is ADMIN_EMAIL's (the handler knows the configuration). */
  | { kind: 'changeStaffRole'; role: StaffRole; isConfiguredOwner: boolean }
  | { kind: 'removeStaff'; isConfiguredOwner: boolean; sessionsEnded: number }
  /** `email`: the address the invitation was mailed to; the rest from the invitation's stream. */
  | { kind: 'acceptStaffInvitation'; invitationId: string; email: string; role: StaffRole; invitedBy: string | null; isConfiguredOwner: boolean }
  /** The link's token is made and kept (hashed) by the handler; the decision records only that one was mailed. */
  | { kind: 'requestEmailVerification'; expiresAt: string }
  /** `email`: the address the followed link was mailed to. */
  | { kind: 'verifyEmail'; email: string }
  /** As for confirmations, the token is the handler's; the decision records that a link was mailed. */
  | { kind: 'requestPasswordReset'; expiresAt: string }
  /** `email`: the address the followed link was mailed to; `sessionsEnded`: how many sessions the new password ended. */
  | { kind: 'resetPassword'; email: string; sessionsEnded: number }
  /** The current password was checked by the handler (it lives in the credential store). */
  | { kind: 'changePassword'; sessionsEnded: number }
  /** The current password was checked by the handler; the link's token is the handler's (hashed in the credential store). */
  | { kind: 'requestEmailChange'; newEmail: string; expiresAt: string }
  /** `newEmail`: the address the followed link was mailed to. */
  | { kind: 'changeEmail'; newEmail: string }
  /** The password was checked and the orders looked at by the handler; `keyOwners` from the key store. */
  | { kind: 'close'; orderIds: number[]; keyOwners: string[]; streams: string[] }
  | { kind: 'recordErasure' }
  /** Two-factor sign-in (issue 23): the code was checked by the handler against the credential store, where the secret is. */
  | { kind: 'enableTwoFactor'; recoveryCodes: number }
  | { kind: 'disableTwoFactor'; with: 'authenticator' | 'recoveryCode' | 'ownerReset' }
  | { kind: 'useRecoveryCode'; codesLeft: number };

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState: { userId: null, role: 'customer', email: '', emailVerified: false, emails: [], closing: 'open', closedWith: null },

  upcast: upcastUserEvent,

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return { userId: event.data.userId, role: event.data.role, email: event.data.email, emailVerified: false, emails: [event.data.email], closing: 'open', closedWith: null };
      case 'RoleGranted':
      case 'StaffInvitationAccepted':
        return { ...state, role: event.data.role };
      case 'StaffRemoved':
        return { ...state, role: 'customer' };
      case 'EmailVerificationRequested':
      case 'PasswordResetRequested':
      case 'PasswordReset':
      case 'PasswordChanged':
        return state;
      case 'EmailVerified':
        return { ...state, emailVerified: true };
      case 'EmailChangeRequested':
        return state;
      case 'EmailChanged':
        // The link that made the change was followed from the new mailbox: the new address is confirmed.
        return { ...state, email: event.data.to, emailVerified: true, emails: [...state.emails.filter((email) => email !== event.data.to), event.data.to] };
      case 'AccountClosed':
        return { ...state, closing: 'closed', closedWith: { orderIds: event.data.orderIds, keyOwners: event.data.keyOwners, streams: event.data.streams } };
      case 'PersonalDataErased':
        return { ...state, closing: 'erased' };
      case 'TwoFactorEnabled':
      case 'TwoFactorDisabled':
      case 'TwoFactorRecoveryCodeUsed':
        return state;
    }
  },

  decide(command, state) {
    if (command.kind === 'register') {
      if (state.userId !== null) throw new ConflictError('This account already exists');
      const { userId, email, fullName, role } = command;
      return [{ type: 'UserRegistered', version: 1, data: { userId, email, fullName, role } }];
    }
    if (state.userId === null) throw new NotFoundError(ACCOUNT_NOT_FOUND);
    const { userId, email } = state;
    if (command.kind === 'recordErasure') {
      if (state.closing !== 'closed' || state.closedWith === null) return [];
      return [{ type: 'PersonalDataErased', version: 1, data: { userId, orderIds: state.closedWith.orderIds, streams: state.closedWith.streams } }];
    }
    if (state.closing !== 'open') throw new NotFoundError(ACCOUNT_NOT_FOUND);
    switch (command.kind) {
      case 'close':
        if (state.role === 'owner') throw new ConflictError(OWNER_CANNOT_CLOSE);
        if (isStaff(state.role)) throw new ConflictError(STAFF_CANNOT_CLOSE);
        return [{ type: 'AccountClosed', version: 1, data: { userId, orderIds: command.orderIds, keyOwners: command.keyOwners, streams: command.streams } }];
      case 'grantRole':
        if (state.role === command.role) return [];
        return [{ type: 'RoleGranted', version: 1, data: { userId, role: command.role } }];
      case 'changeStaffRole':
        if (!isStaff(state.role)) throw new ConflictError(NOT_STAFF);
        if (command.isConfiguredOwner && command.role !== 'owner') throw new ConflictError(LAST_OWNER);
        if (state.role === command.role) return [];
        return [{ type: 'RoleGranted', version: 1, data: { userId, role: command.role } }];
      case 'removeStaff':
        if (!isStaff(state.role)) throw new ConflictError(NOT_STAFF);
        if (command.isConfiguredOwner) throw new ConflictError(LAST_OWNER);
        return [{ type: 'StaffRemoved', version: 1, data: { userId, role: state.role, sessionsEnded: command.sessionsEnded } }];
      case 'acceptStaffInvitation':
        if (command.email !== email) throw new ConflictError(INVITATION_FOR_ANOTHER_ADDRESS);
        if (command.isConfiguredOwner && command.role !== 'owner') throw new ConflictError(LAST_OWNER);
        return [{ type: 'StaffInvitationAccepted', version: 1, data: { userId, invitationId: command.invitationId, role: command.role, invitedBy: command.invitedBy } }];
      case 'requestEmailVerification':
        if (hasVerifiedEmail(state)) throw new ConflictError(EMAIL_ALREADY_VERIFIED);
        return [{ type: 'EmailVerificationRequested', version: 1, data: { userId, email, expiresAt: command.expiresAt } }];
      case 'verifyEmail':
        // A link mailed to an address the account no longer has proves nothing about the one it has.
        if (command.email !== email) throw new ConflictError('This link was sent to another address.');
        if (state.emailVerified) return [];
        return [{ type: 'EmailVerified', version: 1, data: { userId, email } }];
      case 'requestPasswordReset':
        return [{ type: 'PasswordResetRequested', version: 1, data: { userId, email, expiresAt: command.expiresAt } }];
      case 'resetPassword':
        if (command.email !== email) throw new ConflictError('This link was sent to another address.');
        return [{ type: 'PasswordReset', version: 1, data: { userId, sessionsEnded: command.sessionsEnded } }];
      case 'changePassword':
        return [{ type: 'PasswordChanged', version: 1, data: { userId, sessionsEnded: command.sessionsEnded } }];
      case 'requestEmailChange':
        // The owner is ADMIN_EMAIL's account: the seeder gives that address the role at every start.
        if (state.role === 'owner') throw new ConflictError(ADMIN_EMAIL_FIXED);
        if (command.newEmail === email) throw new InvalidInputError(SAME_EMAIL);
        return [{ type: 'EmailChangeRequested', version: 1, data: { userId, newEmail: command.newEmail, expiresAt: command.expiresAt } }];
      case 'enableTwoFactor':
        if (!isStaff(state.role)) throw new ForbiddenError(TWO_FACTOR_MESSAGES.staffOnly);
        return [{ type: 'TwoFactorEnabled', version: 1, data: { userId, recoveryCodes: command.recoveryCodes } }];
      case 'disableTwoFactor':
        return [{ type: 'TwoFactorDisabled', version: 1, data: { userId, with: command.with } }];
      case 'useRecoveryCode':
        return [{ type: 'TwoFactorRecoveryCodeUsed', version: 1, data: { userId, codesLeft: command.codesLeft } }];
      case 'changeEmail':
        if (command.newEmail === email) return [];
        if (state.role === 'owner') throw new ConflictError(ADMIN_EMAIL_FIXED);
        return [{ type: 'EmailChanged', version: 1, data: { userId, from: email, to: command.newEmail } }];
    }
  },
};
