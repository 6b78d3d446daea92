import { z } from 'zod';

/**
 * The sign-up and login bodies (storefront spec §2, §5), parsed by the auth controller and
 * checked with the same schemas by the storefront's auth forms before they are sent.
 */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 200;

export const AUTH_INPUT_MESSAGES = {
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  weakPassword: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
  longPassword: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`,
} as const;

const email = z
  .string({ message: AUTH_INPUT_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, AUTH_INPUT_MESSAGES.emailRequired)
  .max(254)
  .pipe(z.email({ message: AUTH_INPUT_MESSAGES.invalidEmail }));

/** A password being chosen (sign-up, reset): the same rules everywhere. */
const newPassword = z
  .string({ message: AUTH_INPUT_MESSAGES.passwordRequired })
  .min(MIN_PASSWORD_LENGTH, AUTH_INPUT_MESSAGES.weakPassword)
  .max(MAX_PASSWORD_LENGTH, AUTH_INPUT_MESSAGES.longPassword);

export const signupSchema = z.object({
  fullName: z.string({ message: AUTH_INPUT_MESSAGES.fullNameRequired }).trim().min(1, AUTH_INPUT_MESSAGES.fullNameRequired).max(100),
  email,
  password: newPassword,
});

export type SignupInput = z.infer<typeof signupSchema>;

export const loginSchema = z.object({
  email,
  password: z.string({ message: AUTH_INPUT_MESSAGES.passwordRequired }).min(1, AUTH_INPUT_MESSAGES.passwordRequired).max(MAX_PASSWORD_LENGTH),
});

export type LoginInput = z.infer<typeof loginSchema>;

/** `POST /api/auth/password-reset` (issue 22): the address to mail a reset link to. */
export const passwordResetRequestSchema = z.object({ email });
/** `POST /api/auth/password-reset/confirm`: the mailed link's token and the new password (the sign-up's rules). */
export const passwordResetSchema = z.object({
  token: z.string({ message: 'The reset link is incomplete. Open the link from the e-mail again.' }).min(1, 'The reset link is incomplete. Open the link from the e-mail again.').max(200),
  password: newPassword,
});
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

/** `POST /api/auth/password` (signed in): the current password, then the new one. */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ message: 'Enter your current password.' }).min(1, 'Enter your current password.').max(MAX_PASSWORD_LENGTH),
  newPassword,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export const WRONG_CURRENT_PASSWORD = 'Your current password is not right.';

/** `POST /api/user/email` (signed in, issue 22): the new address, and the current password. */
export const changeEmailSchema = z.object({
  newEmail: email,
  currentPassword: changePasswordSchema.shape.currentPassword,
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;
/** How long the link mailed to the new address works. */
export const EMAIL_CHANGE_LINK_MINUTES = 60;
export const emailChangeRequested = (newEmail: string) =>
  `We have mailed a link to ${newEmail}. Open it within ${EMAIL_CHANGE_LINK_MINUTES} minutes to start using that address; until then your account keeps its current one.`;
export const EMAIL_CHANGED = 'Your e-mail address was changed. Sign in with the new one from now on.';
export const PASSWORD_CHANGED = 'Your password was changed. Every other session of your account was signed out.';

/** The same answer whether or not an account uses the address: nobody learns who has an account. */
export const PASSWORD_RESET_REQUESTED = 'If an account uses that address, we have mailed it a link to choose a new password. The link works once, for 60 minutes.';
export const PASSWORD_RESET_DONE = 'Your password was changed and every session of your account was signed out. Sign in with your new password.';

/** `POST /api/user/close` (signed in, issue 22): the password, and the words that say the owner means it. */
export const closeAccountSchema = z.object({
  password: z.string({ message: 'Enter your password.' }).min(1, 'Enter your password.').max(MAX_PASSWORD_LENGTH),
  confirm: z.literal('CLOSE', { message: 'Type CLOSE to confirm.' }),
});
export type CloseAccountInput = z.infer<typeof closeAccountSchema>;

export const ACCOUNT_CLOSED = 'Your account is closed. Your name, e-mail address, phone and addresses have been erased; your orders are kept without them for the shop\'s books.';
/** Orders the shop has not finished with: the account stays open until they are delivered, cancelled or refunded. */
export function ordersInProgressMessage(orderIds: readonly number[]): string {
  const list = orderIds.map((id) => `#${id}`).join(', ');
  return `Your order${orderIds.length === 1 ? '' : 's'} ${list} ${orderIds.length === 1 ? 'is' : 'are'} still in progress. You can close your account once ${orderIds.length === 1 ? 'it is' : 'they are'} delivered, cancelled or refunded.`;
}
