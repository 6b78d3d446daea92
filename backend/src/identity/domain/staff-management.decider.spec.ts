import { ConflictError, NotFoundError } from '../../shared/errors';
import { DeciderSpecification } from '../../shared/event-sourcing/decider-specification';
import { Role, UserEvent } from '../contract/identity.events';
import { INVITATION_FOR_ANOTHER_ADDRESS, LAST_OWNER, NOT_STAFF } from '../contract/staff-input';
import { StaffRole } from '../contract/staff-roles';
import { StaffInvitationEvent } from '../contract/staff.events';
import { staffInvitationDecider } from './staff-invitation.decider';
import { UserCommand, userDecider } from './user.decider';

const registered = (role: Role = 'customer'): UserEvent => ({ type: 'UserRegistered', version: 1, data: { userId: 'u-1', email: 'ada@example.com', fullName: 'Ada Lovelace', role } });
const granted = (role: Role): UserEvent => ({ type: 'RoleGranted', version: 1, data: { userId: 'u-1', role } });
const accepted = (role: StaffRole): UserEvent => ({ type: 'StaffInvitationAccepted', version: 1, data: { userId: 'u-1', invitationId: 'inv-1', role, invitedBy: 'owner-1' } });
const removed = (role: StaffRole, sessionsEnded = 2): UserEvent => ({ type: 'StaffRemoved', version: 1, data: { userId: 'u-1', role, sessionsEnded } });

const change = (role: StaffRole, isConfiguredOwner = false): UserCommand => ({ kind: 'changeStaffRole', role, isConfiguredOwner });
const remove = (isConfiguredOwner = false, sessionsEnded = 2): UserCommand => ({ kind: 'removeStaff', isConfiguredOwner, sessionsEnded });
const accept = (role: StaffRole, { email = 'ada@example.com', isConfiguredOwner = false } = {}): UserCommand => ({ kind: 'acceptStaffInvitation', invitationId: 'inv-1', email, role, invitedBy: 'owner-1', isConfiguredOwner });

const user = DeciderSpecification.for(userDecider);

describe('staff management on the account (issue 23)', () => {
  it('makes the account that accepts an invitation staff with the invited role', () => {
    user.given([registered()]).when(accept('support')).then([accepted('support')]);
    user.given([registered(), accepted('support')]).when(change('manager')).then([granted('manager')]);
  });

  it('refuses an invitation followed by an account of another address', () => {
    user.given([registered()]).when(accept('support', { email: 'someone-else@example.com' })).thenThrows(ConflictError, INVITATION_FOR_ANOTHER_ADDRESS);
  });

  it('changes a staff member\'s role, and records nothing for the role they have', () => {
    user.given([registered('fulfilment')]).when(change('auditor')).then([granted('auditor')]);
    user.given([registered('fulfilment')]).when(change('fulfilment')).thenNothing();
  });

  it('changes no role of a customer, nor removes one: only staff are managed', () => {
    user.given([registered()]).when(change('manager')).thenThrows(ConflictError, NOT_STAFF);
    user.given([registered('support'), removed('support')]).when(remove()).thenThrows(ConflictError, NOT_STAFF);
  });

  it('makes a removed staff member a customer, recording the role they had and the sessions ended', () => {
    user.given([registered('support')]).when(remove(false, 3)).then([removed('support', 3)]);
    user.given([registered(), accepted('analyst'), removed('analyst')]).when(change('analyst')).thenThrows(ConflictError, NOT_STAFF);
  });

  it('keeps the shop an owner: ADMIN_EMAIL\'s account is neither demoted nor removed, nor made less by an invitation', () => {
    user.given([registered('owner')]).when(change('manager', true)).thenThrows(ConflictError, LAST_OWNER);
    user.given([registered('owner')]).when(remove(true)).thenThrows(ConflictError, LAST_OWNER);
    user.given([registered('owner')]).when(accept('support', { isConfiguredOwner: true })).thenThrows(ConflictError, LAST_OWNER);
    user.given([registered('owner')]).when(change('owner', true)).thenNothing();
  });

  it('demotes and removes any other owner, since ADMIN_EMAIL\'s remains', () => {
    user.given([registered(), accepted('owner')]).when(change('manager')).then([granted('manager')]);
    user.given([registered(), accepted('owner')]).when(remove()).then([removed('owner')]);
  });
});

const invited: StaffInvitationEvent = { type: 'StaffInvited', version: 1, data: { invitationId: 'inv-1', email: 'new@example.com', role: 'support', expiresAt: '2030-01-01T00:00:00.000Z', invitedBy: 'owner-1' } };
const invitation = DeciderSpecification.for(staffInvitationDecider);

describe('staff invitation decider', () => {
  it('records an invitation once', () => {
    invitation.given([]).when({ kind: 'invite', ...invited.data }).then([invited]);
    invitation.given([invited]).when({ kind: 'invite', ...invited.data }).thenThrows(ConflictError, 'This invitation was already sent');
  });

  it('withdraws a sent invitation once, naming the owner; one never sent is not found', () => {
    const withdrawn: StaffInvitationEvent = { type: 'StaffInvitationWithdrawn', version: 1, data: { invitationId: 'inv-1', withdrawnBy: 'owner-2' } };
    invitation.given([invited]).when({ kind: 'withdraw', withdrawnBy: 'owner-2' }).then([withdrawn]);
    invitation.given([invited, withdrawn]).when({ kind: 'withdraw', withdrawnBy: 'owner-2' }).thenThrows(ConflictError, 'This invitation was already withdrawn');
    invitation.given([]).when({ kind: 'withdraw', withdrawnBy: 'owner-2' }).thenThrows(NotFoundError, 'Invitation not found');
  });
});
