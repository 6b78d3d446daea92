import { useMutation } from '@tanstack/react-query';
import type { InviteStaffInput, StaffInvitationView, StaffListView, StaffMemberView } from '../../../../../backend/src/identity/contract/staff-input';
import type { StaffRole } from '../../../../../backend/src/identity/contract/staff-roles';
import { apiRequest } from '../../../api/client';
import { serverMessageOr, useAdminMutation, useAdminQuery } from '../../../api/admin-queries';

export type { StaffListView, StaffMemberView };

/** The owner's Staff section (issue 23): staff and pending invitations, and the changes that refresh them. */
export const STAFF_KEY = ['/api/admin/staff'] as const;

export const useStaff = () => useAdminQuery<StaffListView>(STAFF_KEY);

export function useInviteStaff() {
  return useAdminMutation<InviteStaffInput, { message: string }>({
    request: (body) => apiRequest('POST', STAFF_KEY[0], body),
    success: (result) => ({ title: 'Invitation sent', description: result.message }),
    failure: serverMessageOr('Failed to send the invitation. Please try again.'),
    refresh: [STAFF_KEY],
  });
}

export function useChangeStaffRole() {
  return useAdminMutation<{ member: StaffMemberView; role: StaffRole }>({
    request: ({ member, role }) => apiRequest('PUT', `${STAFF_KEY[0]}/${encodeURIComponent(member.userId)}`, { role }),
    success: (_, { member, role }) => ({ title: 'Role changed', description: `${member.fullName} is now ${role}.` }),
    failure: serverMessageOr('Failed to change the role. Please try again.'),
    refresh: [STAFF_KEY],
  });
}

export function useRemoveStaff() {
  return useAdminMutation<{ member: StaffMemberView }>({
    request: ({ member }) => apiRequest('DELETE', `${STAFF_KEY[0]}/${encodeURIComponent(member.userId)}`),
    success: (_, { member }) => ({ title: 'Removed from the staff', description: `${member.fullName} is a customer now and was signed out everywhere.` }),
    failure: serverMessageOr('Failed to remove the staff member. Please try again.'),
    refresh: [STAFF_KEY],
  });
}

/** The owner takes back an invitation not yet accepted: its link stops working at once. */
export function useWithdrawStaffInvitation() {
  return useAdminMutation<{ invitation: StaffInvitationView }, { message: string }>({
    request: ({ invitation }) => apiRequest('DELETE', `${STAFF_KEY[0]}/invitations/${encodeURIComponent(invitation.invitationId)}`),
    success: (result, { invitation }) => ({ title: 'Invitation withdrawn', description: `${invitation.email}: ${result.message}` }),
    failure: serverMessageOr('Failed to withdraw the invitation. Please try again.'),
    refresh: [STAFF_KEY],
  });
}

/** The owner turns off a member's two-factor sign-in when their authenticator is lost; their sessions end. */
export function useResetStaffTwoFactor() {
  return useAdminMutation<{ member: StaffMemberView }>({
    request: ({ member }) => apiRequest('DELETE', `${STAFF_KEY[0]}/${encodeURIComponent(member.userId)}/two-factor`),
    success: (_, { member }) => ({ title: 'Two-factor sign-in reset', description: `${member.fullName} was signed out and sets it up again after signing in with the password.` }),
    failure: serverMessageOr('Failed to reset two-factor sign-in. Please try again.'),
    refresh: [STAFF_KEY],
  });
}

/** The invitee's acceptance on `/staff/accept`: the token alone signed in, or with a new account's name and password. */
export function useAcceptStaffInvitation() {
  return useMutation({
    mutationFn: (body: { token: string; fullName?: string; password?: string }) => apiRequest<{ role: StaffRole }>('POST', '/api/staff/accept', body),
  });
}
