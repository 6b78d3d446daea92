import { FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { useToast } from '../../state/toast';
import { MIN_PASSWORD_LENGTH, SIGNUP_FAILED_FALLBACK, SIGNUP_FAILED_TITLE, SIGNUP_SUCCESS, signupProblem } from './auth-rules';
import { PasswordInput } from './PasswordInput';
import { useAuthSubmit } from './useAuthSubmit';

export function SignupForm({ onSwitchToLogin }: { onSwitchToLogin(): void }) {
  const toast = useToast();
  const signup = useAuthSubmit<{ fullName: string; email: string; password: string }>('/api/auth/signup', SIGNUP_SUCCESS, { title: SIGNUP_FAILED_TITLE, fallback: SIGNUP_FAILED_FALLBACK });
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [acceptedTerms, setAcceptedTerms] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = signupProblem({ fullName, email, password, confirmPassword, acceptedTerms });
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    // Spec §3: the confirmation and the terms stay in the browser.
    signup.mutate({ fullName: fullName.trim(), email: email.trim(), password });
  };

  return (
    <form className="auth-form stack" onSubmit={submit} noValidate aria-label="Sign up">
      <div className="field">
        <label htmlFor="signup-name">Full name</label>
        <input id="signup-name" className="input" value={fullName} onChange={(event) => setFullName(event.target.value)} autoComplete="name" aria-required="true" />
      </div>
      <div className="field">
        <label htmlFor="signup-email">Email</label>
        <input id="signup-email" className="input" type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="email" aria-required="true" placeholder="you@institution.edu" />
      </div>
      <PasswordInput id="signup-password" label="Password" value={password} onChange={setPassword} autoComplete="new-password" hint={`At least ${MIN_PASSWORD_LENGTH} characters.`} />
      <PasswordInput id="signup-confirm" label="Confirm password" value={confirmPassword} onChange={setConfirmPassword} autoComplete="new-password" />
      <label className="checkbox">
        <input type="checkbox" checked={acceptedTerms} onChange={(event) => setAcceptedTerms(event.target.checked)} aria-required="true" />
        <span>
          I accept the terms of sale: I am 18 or older, a qualified professional or affiliated with a research institution, and will use products for
          laboratory research only (see <Link to="/faq">FAQ</Link> and <Link to="/returns">returns</Link>).
        </span>
      </label>
      <button type="submit" className="button button-primary button-lg button-block" disabled={signup.isPending}>
        {signup.isPending ? 'Creating account...' : 'Create Account'}
      </button>
      <p className="muted small auth-switch">
        Already have an account?{' '}
        <button type="button" className="auth-inline-link" onClick={onSwitchToLogin}>Log in</button>
      </p>
    </form>
  );
}
