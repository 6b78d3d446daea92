/** Storefront spec §5 and §8: the auth page's client checks and its messages, word for word. */
export interface AuthNotice {
  title: string;
  description: string;
}

/** The server's minimum as well (identity context, MIN_PASSWORD_LENGTH). */
export const MIN_PASSWORD_LENGTH = 6;

export const MISSING_INFORMATION: AuthNotice = { title: 'Missing Information', description: 'Please fill in all required fields.' };
export const PASSWORD_MISMATCH: AuthNotice = { title: 'Password Mismatch', description: 'Passwords do not match. Please try again.' };
export const WEAK_PASSWORD: AuthNotice = { title: 'Weak Password', description: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.` };
export const TERMS_REQUIRED: AuthNotice = { title: 'Terms Required', description: 'Please accept the terms and conditions to create an account.' };

export const LOGIN_SUCCESS: AuthNotice = { title: 'Welcome back!', description: 'You have successfully logged in.' };
export const SIGNUP_SUCCESS: AuthNotice = { title: 'Account Created!', description: 'Welcome to the product. Your account has been created successfully.' };
export const LOGIN_FAILED_TITLE = 'Login Failed';
export const LOGIN_FAILED_FALLBACK = 'Invalid email or password.';
export const SIGNUP_FAILED_TITLE = 'Signup Failed';
export const SIGNUP_FAILED_FALLBACK = 'Failed to create account. Please try again.';

export interface LoginFields {
  email: string;
  password: string;
}

export interface SignupFields {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptedTerms: boolean;
}

export function loginProblem({ email, password }: LoginFields): AuthNotice | null {
  if (!email.trim() || !password) return MISSING_INFORMATION;
  return null;
}

/** In the order a shopper fixes them: fill everything in, make the passwords agree, make it long enough, accept the terms. */
export function signupProblem({ fullName, email, password, confirmPassword, acceptedTerms }: SignupFields): AuthNotice | null {
  if (!fullName.trim() || !email.trim() || !password || !confirmPassword) return MISSING_INFORMATION;
  if (password !== confirmPassword) return PASSWORD_MISMATCH;
  if (password.length < MIN_PASSWORD_LENGTH) return WEAK_PASSWORD;
  if (!acceptedTerms) return TERMS_REQUIRED;
  return null;
}
