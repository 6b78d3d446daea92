import { ConflictError, NotFoundError } from '../../shared/errors';
import { DeciderSpecification } from '../../shared/event-sourcing/decider-specification';
import { Role, UserEvent } from '../contract/identity.events';
import { EMAIL_ALREADY_VERIFIED, UserCommand, userDecider } from './user.decider';

const registered = (role: Role = 'customer'): UserEvent => ({ type: 'UserRegistered', version: 1, data: { userId: 'u-1', email: 'ada@example.com', fullName: 'Ada Lovelace', role } });
const granted = (role: Role): UserEvent => ({ type: 'RoleGranted', version: 1, data: { userId: 'u-1', role } });

const register = (role: Role = 'customer'): UserCommand => ({ kind: 'register', userId: 'u-1', email: 'ada@example.com', fullName: 'Ada Lovelace', role });
const grant = (role: Role): UserCommand => ({ kind: 'grantRole', role });
const EXPIRES_AT = '2030-01-02T03:04:05.000Z';
const requested: UserEvent = { type: 'EmailVerificationRequested', version: 1, data: { userId: 'u-1', email: 'ada@example.com', expiresAt: EXPIRES_AT } };
const verified: UserEvent = { type: 'EmailVerified', version: 1, data: { userId: 'u-1', email: 'ada@example.com' } };
const requestVerification: UserCommand = { kind: 'requestEmailVerification', expiresAt: EXPIRES_AT };
const verify = (email = 'ada@example.com'): UserCommand => ({ kind: 'verifyEmail', email });

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

  describe('e-mail verification', () => {
    it('records that a confirmation link was mailed to the account\'s address, again on request', () => {
      user.given([registered()]).when(requestVerification).then([requested]);
      user.given([registered(), requested]).when(requestVerification).then([requested]);
    });

    it('confirms the address when the link mailed to it is followed, once', () => {
      user.given([registered(), requested]).when(verify()).then([verified]);
      user.given([registered(), requested, verified]).when(verify()).thenNothing();
    });

    it('refuses a link for another address than the account\'s', () => {
      user.given([registered(), requested]).when(verify('eve@example.com')).thenThrows(ConflictError, 'another address');
    });

    it('mails no link to an address already confirmed, nor to an administrator\'s', () => {
      user.given([registered(), requested, verified]).when(requestVerification).thenThrows(ConflictError, EMAIL_ALREADY_VERIFIED);
      user.given([registered('admin')]).when(requestVerification).thenThrows(ConflictError, EMAIL_ALREADY_VERIFIED);
      user.given([registered(), granted('admin')]).when(requestVerification).thenThrows(ConflictError, EMAIL_ALREADY_VERIFIED);
    });

    it('knows no user who never registered', () => {
      user.given([]).when(requestVerification).thenThrows(NotFoundError, 'User not found');
      user.given([]).when(verify()).thenThrows(NotFoundError, 'User not found');
    });
  });
});
