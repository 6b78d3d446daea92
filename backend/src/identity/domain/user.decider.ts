import { Decider } from '../../shared/event-sourcing/decider';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { hasVerifiedEmail, Role, UserEvent } from '../contract/identity.events';

export interface UserState {
  userId: string | null;
  role: Role;
  email: string;
  emailVerified: boolean;
}

export const EMAIL_ALREADY_VERIFIED = 'Your e-mail address is already confirmed.';

export type UserCommand =
  | { kind: 'register'; userId: string; email: string; fullName: string; role: Role }
  | { kind: 'grantRole'; role: Role }
  /** The link's token is made and kept (hashed) by the handler; the decision records only that one was mailed. */
  | { kind: 'requestEmailVerification'; expiresAt: string }
  /** `email`: the address the followed link was mailed to. */
  | { kind: 'verifyEmail'; email: string }
  /** As for confirmations, the token is the handler's; the decision records that a link was mailed. */
  | { kind: 'requestPasswordReset'; expiresAt: string }
  /** `email`: the address the followed link was mailed to; `sessionsEnded`: how many sessions the new password ended. */
  | { kind: 'resetPassword'; email: string; sessionsEnded: number }
  /** The current password was checked by the handler (it lives in the credential store). */
  | { kind: 'changePassword'; sessionsEnded: number };

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState: { userId: null, role: 'customer', email: '', emailVerified: false },

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return { userId: event.data.userId, role: event.data.role, email: event.data.email, emailVerified: false };
      case 'RoleGranted':
        return { ...state, role: event.data.role };
      case 'EmailVerificationRequested':
      case 'PasswordResetRequested':
      case 'PasswordReset':
      case 'PasswordChanged':
        return state;
      case 'EmailVerified':
        return { ...state, emailVerified: true };
    }
  },

  decide(command, state) {
    if (command.kind === 'register') {
      if (state.userId !== null) throw new ConflictError('This account already exists');
      const { userId, email, fullName, role } = command;
      return [{ type: 'UserRegistered', version: 1, data: { userId, email, fullName, role } }];
    }
    if (state.userId === null) throw new NotFoundError('User not found');
    const { userId, email } = state;
    switch (command.kind) {
      case 'grantRole':
        if (state.role === command.role) return [];
        return [{ type: 'RoleGranted', version: 1, data: { userId, role: command.role } }];
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
    }
  },
};
