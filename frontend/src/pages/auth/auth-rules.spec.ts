import { loginProblem, MISSING_INFORMATION, signupProblem, TERMS_REQUIRED } from './auth-rules';

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
});
