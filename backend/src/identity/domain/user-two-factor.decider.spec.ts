import { ForbiddenError, NotFoundError } from '../../shared/errors';
import { DeciderSpecification } from '../../shared/event-sourcing/decider-specification';
import { Role, UserEvent } from '../contract/identity.events';
import { TWO_FACTOR_MESSAGES } from '../contract/two-factor';
import { ACCOUNT_NOT_FOUND, userDecider } from './user.decider';

const registered = (role: Role): UserEvent => ({ type: 'UserRegistered', version: 1, data: { userId: 'u-1', email: 'ada@example.com', fullName: 'Ada Lovelace', role } });
const closed: UserEvent = { type: 'AccountClosed', version: 1, data: { userId: 'u-1', orderIds: [], keyOwners: [], streams: [] } };
const enabled: UserEvent = { type: 'TwoFactorEnabled', version: 1, data: { userId: 'u-1', recoveryCodes: 10 } };

const user = DeciderSpecification.for(userDecider);

/** Issue 23: the facts of two-factor sign-in; the codes themselves are checked by the handlers against the credential store. */
describe('user decider: two-factor sign-in', () => {
  it.each(['owner', 'manager', 'fulfilment', 'support', 'auditor', 'analyst'] as const)('lets a %s turn it on', (role) => {
    user.given([registered(role)]).when({ kind: 'enableTwoFactor', recoveryCodes: 10 }).then([enabled]);
  });

  it('is for staff: a customer cannot turn it on', () => {
    user.given([registered('customer')]).when({ kind: 'enableTwoFactor', recoveryCodes: 10 }).thenThrows(ForbiddenError, TWO_FACTOR_MESSAGES.staffOnly);
  });

  it('records turning it off, with what proved it, and a recovery code used, with how many are left', () => {
    user.given([registered('manager'), enabled]).when({ kind: 'disableTwoFactor', with: 'recoveryCode' }).then([{ type: 'TwoFactorDisabled', version: 1, data: { userId: 'u-1', with: 'recoveryCode' } }]);
    user.given([registered('manager'), enabled]).when({ kind: 'useRecoveryCode', codesLeft: 9 }).then([{ type: 'TwoFactorRecoveryCodeUsed', version: 1, data: { userId: 'u-1', codesLeft: 9 } }]);
  });

  it('knows no account that never registered or was closed', () => {
    user.given([]).when({ kind: 'enableTwoFactor', recoveryCodes: 10 }).thenThrows(NotFoundError, ACCOUNT_NOT_FOUND);
    user.given([registered('customer'), closed]).when({ kind: 'disableTwoFactor', with: 'authenticator' }).thenThrows(NotFoundError, ACCOUNT_NOT_FOUND);
  });
});
