import { DomainEvent } from '../../shared/contract/domain-event';
import { StaffRole } from './staff-roles';

/**
 * An owner invited `email` to join the staff as `role` (issue 23): a link was mailed there, valid until `expiresAt`.
 * Its token is not here: only its SHA-256, in the credential store. The inviting owner is the event's acting user
 * and `invitedBy`; the acceptance is recorded on the account's own stream (StaffInvitationAccepted).
 */
export type StaffInvited = DomainEvent<'StaffInvited', { invitationId: string; email: string; role: StaffRole; expiresAt: string; invitedBy: string | null }>;

/** The owner took the invitation back before it was accepted: its link no longer works. The acting owner is `withdrawnBy`. */
export type StaffInvitationWithdrawn = DomainEvent<'StaffInvitationWithdrawn', { invitationId: string; withdrawnBy: string | null }>;

export type StaffInvitationEvent = StaffInvited | StaffInvitationWithdrawn;

export const STAFF_INVITATION_STREAM_PREFIX = 'staff-invitation-';
export const staffInvitationStream = (invitationId: string) => `${STAFF_INVITATION_STREAM_PREFIX}${invitationId}`;

/** How long an invitation link works (issue 23: 72 hours). */
export const STAFF_INVITATION_TTL_HOURS = 72;

/** An invitation as the audit trail tells it. */
export function describeStaffInvitationEvent(event: StaffInvitationEvent): string {
  if (event.type === 'StaffInvitationWithdrawn') return 'Staff invitation withdrawn: its link no longer works';
  return `Staff invitation as ${event.data.role} mailed to <${event.data.email}>, valid until ${event.data.expiresAt}`;
}
