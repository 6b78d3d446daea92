import { ConflictError, InvalidInputError, NotFoundError } from '../../shared/errors';
import { DeciderSpecification } from '../../shared/event-sourcing/decider-specification';
import { Role, UserEvent } from '../contract/identity.events';
import { ADMIN_EMAIL_FIXED, EMAIL_ALREADY_VERIFIED, SAME_EMAIL, UserCommand, userDecider } from './user.decider';

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
/** As recorded before issue 23, when `admin` was the one staff role. */
const legacyRegisteredAdmin = { type: 'UserRegistered', version: 1, data: { userId: 'u-1', email: 'ada@example.com', fullName: 'Ada Lovelace', role: 'admin' } } as unknown as UserEvent;
const legacyGrantedAdmin = { type: 'RoleGranted', version: 1, data: { userId: 'u-1', role: 'admin' } } as unknown as UserEvent;

describe('user decider', () => {
  it.each(['customer', 'owner', 'fulfilment'] as const)('registers a %s', (role) => {
    user.given([]).when(register(role)).then([registered(role)]);
  });

  it('refuses to register an account twice', () => {
    user.given([registered()]).when(register()).thenThrows(ConflictError, 'This account already exists');
  });

  it('grants a customer a staff role, changes it, and takes it back', () => {
    user.given([registered()]).when(grant('manager')).then([granted('manager')]);
    user.given([registered(), granted('manager')]).when(grant('auditor')).then([granted('auditor')]);
    user.given([registered(), granted('auditor')]).when(grant('customer')).then([granted('customer')]);
  });

  it('records nothing when the user already has the role', () => {
    user.given([registered('owner')]).when(grant('owner')).thenNothing();
    user.given([registered(), granted('owner'), granted('customer')]).when(grant('customer')).thenNothing();
  });

  it('reads the admin role recorded before issue 23 as the owner', () => {
    user.given([legacyRegisteredAdmin]).when(grant('owner')).thenNothing();
    user.given([registered(), legacyGrantedAdmin]).when(grant('owner')).thenNothing();
    user.given([registered(), legacyGrantedAdmin]).when(grant('customer')).then([granted('customer')]);
    user.given([legacyRegisteredAdmin]).when({ kind: 'changeEmail', newEmail: 'ops@example.com' }).thenThrows(ConflictError, ADMIN_EMAIL_FIXED);
  });

  it('knows no user who never registered', () => {
    user.given([]).when(grant('owner')).thenThrows(NotFoundError, 'User not found');
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

    it('mails no link to an address already confirmed, nor to staff\'s (vouched for by the owner)', () => {
      user.given([registered(), requested, verified]).when(requestVerification).thenThrows(ConflictError, EMAIL_ALREADY_VERIFIED);
      user.given([registered('owner')]).when(requestVerification).thenThrows(ConflictError, EMAIL_ALREADY_VERIFIED);
      user.given([registered(), granted('support')]).when(requestVerification).thenThrows(ConflictError, EMAIL_ALREADY_VERIFIED);
      user.given([legacyRegisteredAdmin]).when(requestVerification).thenThrows(ConflictError, EMAIL_ALREADY_VERIFIED);
    });

    it('knows no user who never registered', () => {
      user.given([]).when(requestVerification).thenThrows(NotFoundError, 'User not found');
      user.given([]).when(verify()).thenThrows(NotFoundError, 'User not found');
    });
  });

  describe('changing the e-mail address (issue 22)', () => {
    const changed: UserEvent = { type: 'EmailChanged', version: 1, data: { userId: 'u-1', from: 'ada@example.com', to: 'ada@lab.example' } };

    it('mails a link to the new address first, and changes it only when the link is followed: the new address is then confirmed', () => {
      user.given([registered()]).when({ kind: 'requestEmailChange', newEmail: 'ada@lab.example', expiresAt: EXPIRES_AT }).then([{ type: 'EmailChangeRequested', version: 1, data: { userId: 'u-1', newEmail: 'ada@lab.example', expiresAt: EXPIRES_AT } }]);
      user.given([registered()]).when({ kind: 'changeEmail', newEmail: 'ada@lab.example' }).then([changed]);
      user.given([registered(), changed]).when({ kind: 'changeEmail', newEmail: 'ada@lab.example' }).thenNothing();
      user.given([registered(), changed]).when(requestVerification).thenThrows(ConflictError, EMAIL_ALREADY_VERIFIED);
      // A confirmation link mailed to the old address proves nothing now.
      user.given([registered(), requested, changed]).when(verify('ada@example.com')).thenThrows(ConflictError, 'This link was sent to another address.');
    });

    it('refuses the same address and the owner (ADMIN_EMAIL\'s account); other staff may move', () => {
      user.given([registered()]).when({ kind: 'requestEmailChange', newEmail: 'ada@example.com', expiresAt: EXPIRES_AT }).thenThrows(InvalidInputError, SAME_EMAIL);
      user.given([registered('owner')]).when({ kind: 'requestEmailChange', newEmail: 'ops@example.com', expiresAt: EXPIRES_AT }).thenThrows(ConflictError, ADMIN_EMAIL_FIXED);
      user.given([registered('owner')]).when({ kind: 'changeEmail', newEmail: 'ops@example.com' }).thenThrows(ConflictError, ADMIN_EMAIL_FIXED);
      user.given([registered('manager')]).when({ kind: 'changeEmail', newEmail: 'ada@lab.example' }).then([{ type: 'EmailChanged', version: 1, data: { userId: 'u-1', from: 'ada@example.com', to: 'ada@lab.example' } }]);
    });
  });
});
