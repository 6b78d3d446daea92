import { z } from 'zod';
import { AUTH_INPUT_MESSAGES, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './auth-input';
import { STAFF_ROLES, StaffRole } from './staff-roles';

/**
 * Staff management (issue 23, owner only) and the invitee's acceptance: the bodies the server parses and the back
 * office's forms check with the same schemas, and the views they answer.
 */

const staffRole = z.enum(STAFF_ROLES as [StaffRole, ...StaffRole[]], { message: `The role must be one of ${STAFF_ROLES.join(', ')}.` });

const email = z
  .string({ message: AUTH_INPUT_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, AUTH_INPUT_MESSAGES.emailRequired)
  .max(254)
  .pipe(z.email({ message: AUTH_INPUT_MESSAGES.invalidEmail }));

/** `POST /api/admin/staff`: whom to invite, as what. */
export const inviteStaffSchema = z.object({ email, role: staffRole });
export type InviteStaffInput = z.infer<typeof inviteStaffSchema>;

/** `PUT /api/admin/staff/:userId`: the staff member's new role (making them a customer is `DELETE`). */
export const changeStaffRoleSchema = z.object({ role: staffRole });
export type ChangeStaffRoleInput = z.infer<typeof changeStaffRoleSchema>;

const INCOMPLETE_LINK = 'The invitation link is incomplete. Open the link from the e-mail again.';

/**
 * `POST /api/staff/accept`: the mailed token, and for an address without an account the new account's name and
 * password (the sign-up's rules). Signed in as the invited address's account, the token alone accepts.
 */
export const acceptStaffInvitationSchema = z
  .object({
    token: z.string({ message: INCOMPLETE_LINK }).min(1, INCOMPLETE_LINK).max(200),
    fullName: z.string({ message: AUTH_INPUT_MESSAGES.fullNameRequired }).trim().min(1, AUTH_INPUT_MESSAGES.fullNameRequired).max(100).optional(),
    password: z.string({ message: AUTH_INPUT_MESSAGES.passwordRequired }).min(MIN_PASSWORD_LENGTH, AUTH_INPUT_MESSAGES.weakPassword).max(MAX_PASSWORD_LENGTH, AUTH_INPUT_MESSAGES.longPassword).optional(),
  })
  .refine((body) => (body.fullName === undefined) === (body.password === undefined), { message: 'Give both a name and a password for the new account, or neither (signed in).' });
export type AcceptStaffInvitationInput = z.infer<typeof acceptStaffInvitationSchema>;

/** The new account's form on `/staff/accept`: the same rules as the body's, both fields required. */
export const newStaffAccountSchema = z.object({
  fullName: z.string().trim().min(1, AUTH_INPUT_MESSAGES.fullNameRequired).max(100),
  password: z.string().min(MIN_PASSWORD_LENGTH, AUTH_INPUT_MESSAGES.weakPassword).max(MAX_PASSWORD_LENGTH, AUTH_INPUT_MESSAGES.longPassword),
});

export const INVALID_STAFF_INVITATION = 'This invitation link is not valid: it was used, it expired, or it was never sent. Ask the shop owner for a new invitation.';
export const INVITATION_NEEDS_ACCOUNT = 'Choose your name and a password, or sign in with the invited address, to accept the invitation.';
export const INVITED_ADDRESS_HAS_ACCOUNT = 'An account already uses the invited address. Sign in with it, then accept the invitation.';
export const INVITATION_FOR_ANOTHER_ADDRESS = 'This invitation was sent to another address. Sign in with the invited address to accept it.';
export const STAFF_INVITATION_WITHDRAWN = 'Invitation withdrawn: its link no longer works.';
export const INVITATION_NOT_PENDING = 'This invitation is no longer pending: it was accepted or it expired.';
export const ALREADY_STAFF = 'This address already belongs to a staff member. Change their role instead.';
export const NOT_STAFF = 'This account is not a staff member.';
/**
 * The shop keeps an owner: ADMIN_EMAIL's account is made the owner at every start, so it is never demoted or removed
 * here (it would be the owner again at the next start), and with it there is always one owner left.
 */
export const LAST_OWNER = "The shop must keep an owner: the account ADMIN_EMAIL names stays the owner. To hand the shop over, make another account owner, then set ADMIN_EMAIL to that account's address.";

export const staffInvitedMessage = (email: string) => `Invitation mailed to ${email}. The link works once, for 72 hours.`;

/** A staff member in the back office's list. */
export interface StaffMemberView {
  userId: string;
  fullName: string;
  email: string;
  role: StaffRole;
  /** When the account got its current role (ISO time). */
  since: string;
}

/** An invitation not yet accepted nor expired. */
export interface StaffInvitationView {
  invitationId: string;
  email: string;
  role: StaffRole;
  invitedAt: string;
  expiresAt: string;
}

/** `GET /api/admin/staff`. */
export interface StaffListView {
  staff: StaffMemberView[];
  invitations: StaffInvitationView[];
}

/** One of the account's active sessions (issue 23, `GET /api/user/sessions`). */
export interface AccountSessionView {
  /** Not the session's id (that would be a credential): a digest of it, to end this one. */
  id: string;
  /** From the user agent: "Firefox on Windows". */
  device: string;
  /** The client's address as a network prefix only: /24 for IPv4, /48 for IPv6. */
  network: string;
  signedInAt: string;
  lastSeenAt: string;
  /** The browser asking. */
  current: boolean;
}

export const SESSION_NOT_FOUND = 'No such session of your account.';
export const staffIdleMessage = (minutes: number) => `Your session ended after ${minutes} minutes without activity. Sign in again.`;
