import { ConflictError, NotFoundError } from '../../shared/errors';
import { DeciderSpecification } from '../../shared/event-sourcing/decider-specification';
import { Role, UserEvent } from '../contract/identity.events';
import { UserCommand, userDecider } from './user.decider';

const registered = (role: Role = 'customer'): UserEvent => ({ type: 'UserRegistered', version: 1, data: { userId: 'u-1', email: 'ada@example.com', fullName: 'Ada Lovelace', role } });
const granted = (role: Role): UserEvent => ({ type: 'RoleGranted', version: 1, data: { userId: 'u-1', role } });

const register = (role: Role = 'customer'): UserCommand => ({ kind: 'register', userId: 'u-1', email: 'ada@example.com', fullName: 'Ada Lovelace', role });
const grant = (role: Role): UserCommand => ({ kind: 'grantRole', role });

const user = DeciderSpecification.for(userDecider);

describe('user decider', () => {
  it.each(['customer', 'admin'] as const)('registers a %s', (role) => {
    user.given([]).when(register(role)).then([registered(role)]);
  });

  it('refuses to register an account twice', () => {
    user.given([registered()]).when(register()).thenThrows(ConflictError, 'This account already exists');
  });

  it('grants a customer the admin role, and takes it back', () => {
    user.given([registered()]).when(grant('admin')).then([granted('admin')]);
    user.given([registered(), granted('admin')]).when(grant('customer')).then([granted('customer')]);
  });

  it('records nothing when the user already has the role', () => {
    user.given([registered('admin')]).when(grant('admin')).thenNothing();
    user.given([registered(), granted('admin'), granted('customer')]).when(grant('customer')).thenNothing();
  });

  it('knows no user who never registered', () => {
    user.given([]).when(grant('admin')).thenThrows(NotFoundError, 'User not found');
  });
});
