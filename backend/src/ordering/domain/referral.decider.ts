import { Decider } from '../../shared/event-sourcing/decider';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { ReferralEvent } from '../contract/referral.events';

export interface ReferralState {
  code: string | null;
  discountPercentage: number;
  active: boolean;
}

export type ReferralCommand = { kind: 'create'; code: string; discountPercentage: number } | { kind: 'deactivate' };

export const referralDecider: Decider<ReferralCommand, ReferralState, ReferralEvent> = {
  initialState: { code: null, discountPercentage: 0, active: false },

  evolve(state, event) {
    switch (event.type) {
      case 'ReferralCodeCreated':
        return { code: event.data.code, discountPercentage: event.data.discountPercentage, active: true };
      case 'ReferralCodeDeactivated':
        return { ...state, active: false };
    }
  },

  decide(command, state) {
    if (command.kind === 'create') {
      if (state.code !== null) throw new ConflictError(`Referral code ${command.code} already exists`);
      return [{ type: 'ReferralCodeCreated', version: 1, data: { code: command.code, discountPercentage: command.discountPercentage } }];
    }
    if (state.code === null) throw new NotFoundError('Invalid referral code');
    return state.active ? [{ type: 'ReferralCodeDeactivated', version: 1, data: { code: state.code } }] : [];
  },
};
