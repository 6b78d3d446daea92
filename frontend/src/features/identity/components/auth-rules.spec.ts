import { CONFIRMATION_REQUIRED, loginProblem, MISSING_INFORMATION, PASSWORD_MISMATCH, signupFormSchema, signupProblem, TERMS_REQUIRED } from './auth-rules';

const complete = { fullName: 'Rosalind Franklin', email: 'rf@example.com', password: 'secret-1', confirmPassword: 'secret-1', acceptedTerms: true };

describe('auth page checks (storefront spec §5)', () => {
  it('requires email and password to log in', () => {
    expect(loginProblem({ email: '', password: 'x' })).toEqual({ title: 'Missing Information', description: 'Please fill in all required fields.' });
    expect(loginProblem({ email: 'a@b.co', password: '' })).toBe(MISSING_INFORMATION);
    expect(loginProblem({ email: 'a@b.co', password: 'x' })).toBeNull();
  });

  it('requires all four sign-up fields', () => {
    for (const field of ['fullName', 'email', 'password', 'confirmPassword'] as const) {
      expect(signupProblem({ ...complete, [field]: field === 'fullName' || field === 'email' ? '  ' : '' })).toBe(MISSING_INFORMATION);
    }
  });

  it('reports mismatched passwords before a short one', () => {
    expect(signupProblem({ ...complete, password: 'abc', confirmPassword: 'abd' })).toEqual({ title: 'Password Mismatch', description: 'Passwords do not match. Please try again.' });
    expect(signupProblem({ ...complete, password: 'abcde', confirmPassword: 'abcde' })).toEqual({ title: 'Weak Password', description: 'Password must be at least 6 characters long.' });
    expect(signupProblem({ ...complete, password: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
  });

  it('requires the terms to be accepted', () => {
    expect(signupProblem({ ...complete, acceptedTerms: false })).toBe(TERMS_REQUIRED);
  });

  it('refuses before sending what the server would refuse, in the words of its answer', () => {
    expect(loginProblem({ email: 'not-an-email', password: 'x' })).toEqual({ title: 'Login Failed', description: 'Please enter a valid email address' });
    expect(signupProblem({ ...complete, email: 'not-an-email' })).toEqual({ title: 'Signup Failed', description: 'Please enter a valid email address' });
    expect(signupProblem({ ...complete, password: 'x'.repeat(201), confirmPassword: 'x'.repeat(201) })).toEqual({ title: 'Signup Failed', description: 'Password must be at most 200 characters long.' });
  });

  it('puts each problem on its field, and parses the server\'s fields as the server does', () => {
    const parsed = signupFormSchema.safeParse({ fullName: '', email: 'x', password: 'abc', confirmPassword: 'abd', acceptedTerms: false });
    expect(parsed.success).toBe(false);
    expect(Object.fromEntries(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message]))).toEqual({
      fullName: 'Full name is required',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters long.',
      confirmPassword: PASSWORD_MISMATCH.description,
      acceptedTerms: TERMS_REQUIRED.description,
    });
    expect(signupFormSchema.safeParse({ ...complete, confirmPassword: '' }).error?.issues.map((issue) => issue.message)).toEqual([CONFIRMATION_REQUIRED]);
    expect(signupFormSchema.parse({ ...complete, email: ' RF@Example.com ' })).toMatchObject({ fullName: 'Rosalind Franklin', email: 'rf@example.com' });
  });
});
