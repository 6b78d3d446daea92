import { Decider } from '../../shared/event-sourcing/decider';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { StaffInvitationEvent } from '../contract/staff.events';
import { StaffRole } from '../contract/staff-roles';

/** An owner's invitation (issue 23), one stream each: who was invited as what, by whom, until when. */
export interface StaffInvitationState {
  invitationId: string | null;
  email: string;
  role: StaffRole;
  invitedBy: string | null;
  expiresAt: string;
  /** The owner took it back: its link is refused even if its token were still kept. */
  withdrawn: boolean;
}

export type StaffInvitationCommand =
  | { kind: 'invite'; invitationId: string; email: string; role: StaffRole; expiresAt: string; invitedBy: string | null }
  | { kind: 'withdraw'; withdrawnBy: string | null };

export const INVITATION_NOT_FOUND = 'Invitation not found';
export const INVITATION_ALREADY_WITHDRAWN = 'This invitation was already withdrawn';

export const staffInvitationDecider: Decider<StaffInvitationCommand, StaffInvitationState, StaffInvitationEvent> = {
  initialState: { invitationId: null, email: '', role: 'support', invitedBy: null, expiresAt: '', withdrawn: false },

  evolve(state, event) {
    if (event.type === 'StaffInvitationWithdrawn') return { ...state, withdrawn: true };
    const { invitationId, email, role, invitedBy, expiresAt } = event.data;
    return { invitationId, email, role, invitedBy, expiresAt, withdrawn: false };
  },

  decide(command, state) {
    if (command.kind === 'withdraw') {
      const sent = sentInvitation(state);
      if (sent.withdrawn) throw new ConflictError(INVITATION_ALREADY_WITHDRAWN);
      return [{ type: 'StaffInvitationWithdrawn', version: 1, data: { invitationId: sent.invitationId, withdrawnBy: command.withdrawnBy } }];
    }
    // Each invitation has an id of its own: a second one on the same stream is a programming error or a replay.
    if (state.invitationId !== null) throw new ConflictError('This invitation was already sent');
    const { invitationId, email, role, expiresAt, invitedBy } = command;
    return [{ type: 'StaffInvited', version: 1, data: { invitationId, email, role, expiresAt, invitedBy } }];
  },
};

/** The invitation a followed link names; one never sent (an empty stream) is not found. */
export function sentInvitation(state: StaffInvitationState): StaffInvitationState & { invitationId: string } {
  if (state.invitationId === null) throw new NotFoundError(INVITATION_NOT_FOUND);
  return state as StaffInvitationState & { invitationId: string };
}
