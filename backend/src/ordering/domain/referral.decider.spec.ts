import { ConflictError, NotFoundError } from '../../shared/errors';
import { DeciderSpecification } from '../../shared/event-sourcing/decider-specification';
import { ReferralEvent } from '../contract/referral.events';
import { referralDecider } from './referral.decider';

const created = (): ReferralEvent => ({ type: 'ReferralCodeCreated', version: 1, data: { code: 'FRIEND10', discountPercentage: 10 } });
const deactivated = (): ReferralEvent => ({ type: 'ReferralCodeDeactivated', version: 1, data: { code: 'FRIEND10' } });

const referral = DeciderSpecification.for(referralDecider);

describe('referral decider', () => {
  it('creates a referral code with its discount', () => {
    referral.given([]).when({ kind: 'create', code: 'FRIEND10', discountPercentage: 10 }).then([created()]);
  });

  it('refuses to create a code that already exists, even a deactivated one', () => {
    referral.given([created()]).when({ kind: 'create', code: 'FRIEND10', discountPercentage: 15 }).thenThrows(ConflictError, 'Referral code FRIEND10 already exists');
    referral.given([created(), deactivated()]).when({ kind: 'create', code: 'FRIEND10', discountPercentage: 10 }).thenThrows(ConflictError);
  });

  it('deactivates an active code', () => {
    referral.given([created()]).when({ kind: 'deactivate' }).then([deactivated()]);
  });

  it('deactivates a code only once', () => {
    referral.given([created(), deactivated()]).when({ kind: 'deactivate' }).thenNothing();
  });

  it('knows no code that was never created', () => {
    referral.given([]).when({ kind: 'deactivate' }).thenThrows(NotFoundError, 'Invalid referral code');
  });
});
