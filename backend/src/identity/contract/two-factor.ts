import { z } from 'zod';
import { loginSchema } from './auth-input';

/**
 * Two-factor sign-in for staff (issue 23, deliverable 3): a TOTP app's six-digit code (RFC 6238: SHA-1,
 * 30-second steps) or one of ten single-use recovery codes. Free of framework code: the storefront
 * shares these schemas, texts and views.
 */

/** STAFF_2FA: `required` keeps staff who have not enrolled out of the back office; `optional` lets them choose. */
export const STAFF_TWO_FACTOR_POLICIES = ['required', 'optional'] as const;
export type StaffTwoFactorPolicy = (typeof STAFF_TWO_FACTOR_POLICIES)[number];

export const TOTP_DIGITS = 6;
export const TOTP_STEP_SECONDS = 30;
/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'Peptide Research Supply';
/** Recovery codes given when two-factor sign-in is turned on, each usable once. */
export const RECOVERY_CODE_COUNT = 10;
/** Groups of four letters or digits (80 bits in all), e.g. `k7qm-x2rd-9fpa-w3ce`. */
export const RECOVERY_CODE_GROUPS = 4;
export const RECOVERY_CODE_GROUP_LENGTH = 4;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the code from your authenticator app, or a recovery code.',
  codeFormat: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  signInNeedsCode: 'Enter the code from your authenticator app (or a recovery code) to finish signing in.',
  wrongCode: 'That code is not right, or it was used already. Enter the current code from your authenticator app, or an unused recovery code.',
  staffOnly: 'Two-factor sign-in is for staff accounts.',
  alreadyOn: 'Two-factor sign-in is already on. Turn it off first to set up a new authenticator.',
  notSetUp: 'Start the setup first: scan the QR code, then enter the code the app shows.',
  notOn: 'Two-factor sign-in is not on for this account.',
  notStaffMember: 'No staff member with this id.',
  enrolmentRequired: 'Staff must turn on two-factor sign-in before using the back office. Set it up in your account settings.',
  turnedOff: 'Two-factor sign-in is off. Your recovery codes no longer work.',
} as const;

/**
 * A code as typed: spaces and dashes are ignored, letters in either case. Six digits are an authenticator's
 * code; sixteen letters and digits a recovery code.
 */
export const twoFactorCodeSchema = z
  .string({ message: TWO_FACTOR_MESSAGES.codeRequired })
  .max(40, TWO_FACTOR_MESSAGES.codeFormat)
  .transform((code) => code.replace(/[\s-]/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, TWO_FACTOR_MESSAGES.codeRequired)
      .regex(new RegExp(`^(\\d{${TOTP_DIGITS}}|[a-z0-9]{${RECOVERY_CODE_GROUPS * RECOVERY_CODE_GROUP_LENGTH}})$`), TWO_FACTOR_MESSAGES.codeFormat),
  );

/** Whether a code (as the schema left it) is an authenticator's code rather than a recovery code. */
export function isAuthenticatorCode(code: string): boolean {
  return /^\d+$/.test(code);
}

/** `POST /api/auth/2fa/enable` and `/disable`: a current code. */
export const twoFactorCodeInputSchema = z.object({ code: twoFactorCodeSchema });
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeInputSchema>;

/** `POST /api/auth/login`: the e-mail and password, and, for an account with two-factor sign-in, the code. */
export const loginWithCodeSchema = loginSchema.extend({ code: twoFactorCodeSchema.optional() });
export type LoginWithCodeInput = z.infer<typeof loginWithCodeSchema>;

/** `POST /api/auth/2fa/setup`: what the authenticator app needs, as a QR code (`otpauthUrl`) or typed (`secret`, base32). */
export interface TwoFactorSetupView {
  otpauthUrl: string;
  secret: string;
}

/** `POST /api/auth/2fa/enable`: the recovery codes, shown this once (only their hashes are kept). */
export interface TwoFactorEnabledView {
  recoveryCodes: string[];
}

/** `GET /api/auth/2fa`: whether the account signs in with a second factor, and whether the shop requires it of staff. */
export interface TwoFactorStatusView {
  enabled: boolean;
  recoveryCodesLeft: number;
  /** STAFF_2FA=required: staff without it are kept out of the back office until they enrol. */
  requiredForStaff: boolean;
}

/** The 401 of a login whose password was right, for an account that needs a code (none given, or a wrong one). */
export interface TwoFactorRequiredAnswer {
  message: string;
  twoFactorRequired: true;
}

/** The 403 of a back-office route for staff who have not enrolled while STAFF_2FA=required. */
export interface TwoFactorEnrolmentRequiredAnswer {
  message: string;
  twoFactorEnrolmentRequired: true;
}

/** `DELETE /api/admin/staff/:userId/two-factor` (owner): what the answer says. */
export const TWO_FACTOR_RESET = 'Two-factor sign-in is off for this member, and their sessions have ended. They sign in with their password and set it up again.';
