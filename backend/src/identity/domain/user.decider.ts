import { Decider } from '../../shared/event-sourcing/decider';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { Role, UserEvent } from '../contract/identity.events';

export interface UserState {
  userId: string | null;
  role: Role;
}

export type UserCommand =
  | { kind: 'register'; userId: string; email: string; fullName: string; role: Role }
  | { kind: 'grantRole'; role: Role };

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState: { userId: null, role: 'customer' },

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return { userId: event.data.userId, role: event.data.role };
      case 'RoleGranted':
        return { ...state, role: event.data.role };
    }
  },

  decide(command, state) {
    if (command.kind === 'register') {
      if (state.userId !== null) throw new ConflictError('This account already exists');
      const { userId, email, fullName, role } = command;
      return [{ type: 'UserRegistered', version: 1, data: { userId, email, fullName, role } }];
    }
    if (state.userId === null) throw new NotFoundError('User not found');
    if (state.role === command.role) return [];
    return [{ type: 'RoleGranted', version: 1, data: { userId: state.userId, role: command.role } }];
  },
};
