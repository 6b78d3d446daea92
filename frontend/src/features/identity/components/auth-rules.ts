import '../../../lib/zod-without-eval';
import { z } from 'zod';
import { SHOP_NAME } from '../../../lib/shop';
import { AUTH_INPUT_MESSAGES, loginSchema, MIN_PASSWORD_LENGTH, signupSchema } from '../../../../../backend/src/identity/contract/auth-input';
import { loginWithCodeSchema } from '../../../../../backend/src/identity/contract/two-factor';

export { MIN_PASSWORD_LENGTH };

/** Storefront spec §5 and §8: the auth page's client checks and its messages, word for word. */
export interface AuthNotice {
  title: string;
  description: string;
}

export const MISSING_INFORMATION: AuthNotice = { title: 'Missing Information', description: 'Please fill in all required fields.' };
export const PASSWORD_MISMATCH: AuthNotice = { title: 'Password Mismatch', description: 'Passwords do not match. Please try again.' };
export const WEAK_PASSWORD: AuthNotice = { title: 'Weak Password', description: AUTH_INPUT_MESSAGES.weakPassword };
export const TERMS_REQUIRED: AuthNotice = { title: 'Terms Required', description: 'Please accept the terms and conditions to create an account.' };

export const LOGIN_SUCCESS: AuthNotice = { title: 'Welcome back!', description: 'You have successfully logged in.' };
/** The spec's "Welcome to the product." is its placeholder for the shop's name (issue 13). */
export const SIGNUP_SUCCESS: AuthNotice = { title: 'Account Created!', description: `Welcome to ${SHOP_NAME}. Your account has been created successfully.` };
export const LOGIN_FAILED_TITLE = 'Login Failed';
export const LOGIN_FAILED_FALLBACK = 'Invalid email or password.';
export const SIGNUP_FAILED_TITLE = 'Signup Failed';
export const SIGNUP_FAILED_FALLBACK = 'Failed to create account. Please try again.';

/** Shown beside an empty "Confirm password" (the server never sees that field). */
export const CONFIRMATION_REQUIRED = 'Please confirm your password';

/** The login form: the server's login body, plus "Remember me", which stays in the browser. */
/** The login form: the server's login body (with the second factor's code, once the server asks for it: issue 23) and "Remember me". */
export const loginFormSchema = loginWithCodeSchema.extend({ remember: z.boolean() });

/**
 * The sign-up form: the server's sign-up body (an empty password is "required" before it is "too short"),
 * plus the confirmation and the terms, which stay in the browser (spec §3).
 */
export const signupFormSchema = signupSchema
  .extend({
    password: z.string().min(1, AUTH_INPUT_MESSAGES.passwordRequired).pipe(signupSchema.shape.password),
    confirmPassword: z.string().min(1, CONFIRMATION_REQUIRED),
    acceptedTerms: z.boolean().refine((accepted) => accepted, TERMS_REQUIRED.description),
  })
  .superRefine(({ password, confirmPassword }, context) => {
    if (password && confirmPassword && password !== confirmPassword) {
      context.addIssue({ code: 'custom', message: PASSWORD_MISMATCH.description, path: ['confirmPassword'] });
    }
  });

export type LoginFields = z.input<typeof loginSchema>;
export type SignupFields = z.input<typeof signupFormSchema>;

/** Each field's first problem, as the form shows it beside the field. */
export type AuthErrors<Field extends string> = Partial<Record<Field, string>>;

const REQUIRED_MESSAGES: Record<'fullName' | 'email' | 'password' | 'confirmPassword', string> = {
  fullName: AUTH_INPUT_MESSAGES.fullNameRequired,
  email: AUTH_INPUT_MESSAGES.emailRequired,
  password: AUTH_INPUT_MESSAGES.passwordRequired,
  confirmPassword: CONFIRMATION_REQUIRED,
};

const anyMissing = (errors: AuthErrors<string>) => Object.entries(REQUIRED_MESSAGES).some(([field, message]) => errors[field] === message);

/** The toast for a refused login: an empty field first (spec §5); anything else as the server would word it. */
export function loginNotice(errors: AuthErrors<keyof LoginFields>): AuthNotice | null {
  if (anyMissing(errors)) return MISSING_INFORMATION;
  const other = errors.email ?? errors.password;
  return other ? { title: LOGIN_FAILED_TITLE, description: other } : null;
}

/**
 * The toast for a refused sign-up, in the order a shopper fixes them: fill everything in, make the passwords
 * agree, make it long enough, accept the terms; then anything else the server would refuse, as it words it.
 */
export function signupNotice(errors: AuthErrors<keyof SignupFields>): AuthNotice | null {
  if (anyMissing(errors)) return MISSING_INFORMATION;
  if (errors.confirmPassword === PASSWORD_MISMATCH.description) return PASSWORD_MISMATCH;
  if (errors.password === WEAK_PASSWORD.description) return WEAK_PASSWORD;
  if (errors.acceptedTerms) return TERMS_REQUIRED;
  const other = errors.fullName ?? errors.email ?? errors.password;
  return other ? { title: SIGNUP_FAILED_TITLE, description: other } : null;
}

/** The first message per field, as react-hook-form's zod resolver keeps them. */
export function firstErrors<Field extends string>(issues: readonly z.core.$ZodIssue[]): AuthErrors<Field> {
  const errors: AuthErrors<string> = {};
  for (const issue of issues) errors[issue.path.join('.')] ??= issue.message;
  return errors as AuthErrors<Field>;
}

/** react-hook-form's errors as messages per field. */
export function messagesOf<Field extends string>(errors: Partial<Record<Field, { message?: string }>>): AuthErrors<Field> {
  const messages: AuthErrors<string> = {};
  for (const [field, error] of Object.entries(errors) as [string, { message?: string } | undefined][]) if (error?.message) messages[field] = error.message;
  return messages as AuthErrors<Field>;
}

export function loginProblem(fields: LoginFields): AuthNotice | null {
  const parsed = loginSchema.safeParse(fields);
  return parsed.success ? null : loginNotice(firstErrors(parsed.error.issues));
}

export function signupProblem(fields: SignupFields): AuthNotice | null {
  const parsed = signupFormSchema.safeParse(fields);
  return parsed.success ? null : signupNotice(firstErrors(parsed.error.issues));
}
