import { FormEvent, useState } from 'react';
import { readStored, writeStored } from '../../lib/storage';
import { CHAT_APP_NAME, CHAT_LINK } from '../../lib/shop';
import { useToast } from '../../state/toast';
import { LOGIN_FAILED_FALLBACK, LOGIN_FAILED_TITLE, LOGIN_SUCCESS, LoginFields, loginProblem } from './auth-rules';
import { PasswordInput } from './PasswordInput';
import { useAuthSubmit } from './useAuthSubmit';

/** "Remember me" keeps the e-mail address on this device for the next visit; an empty string means forgotten. */
const REMEMBERED_EMAIL_KEY = 'peptide-research-supply:remembered-email';
const rememberedEmail = () => readStored(REMEMBERED_EMAIL_KEY, (raw) => (typeof raw === 'string' ? raw : undefined)) ?? '';

export function LoginForm({ onSwitchToSignup }: { onSwitchToSignup(): void }) {
  const toast = useToast();
  const login = useAuthSubmit<LoginFields>('/api/auth/login', LOGIN_SUCCESS, { title: LOGIN_FAILED_TITLE, fallback: LOGIN_FAILED_FALLBACK });
  const [email, setEmail] = useState(rememberedEmail);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(() => rememberedEmail() !== '');
  const [showReset, setShowReset] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = loginProblem({ email, password });
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    writeStored(REMEMBERED_EMAIL_KEY, remember ? email.trim() : '');
    login.mutate({ email: email.trim(), password });
  };

  return (
    <form className="auth-form stack" onSubmit={submit} noValidate aria-label="Log in">
      <div className="field">
        <label htmlFor="login-email">Email</label>
        <input id="login-email" className="input" type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="email" aria-required="true" placeholder="you@institution.edu" />
      </div>
      <PasswordInput id="login-password" label="Password" value={password} onChange={setPassword} autoComplete="current-password" />
      <div className="row between wrap gap">
        <label className="checkbox">
          <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          <span>Remember me</span>
        </label>
        <button type="button" className="button button-ghost button-sm auth-link-button" aria-expanded={showReset} aria-controls="password-help" onClick={() => setShowReset(!showReset)}>
          Forgot password?
        </button>
      </div>
      <div id="password-help" className="notice" hidden={!showReset}>
        <p>
          Password resets are handled by our support team, who will confirm your identity first.{' '}
          <a href={CHAT_LINK} target="_blank" rel="noopener noreferrer">Contact support on {CHAT_APP_NAME}</a>
          <span className="sr-only"> (opens in a new tab)</span>.
        </p>
      </div>
      <button type="submit" className="button button-primary button-lg button-block" disabled={login.isPending}>
        {login.isPending ? 'Logging in...' : 'Login'}
      </button>
      <p className="muted small auth-switch">
        New here?{' '}
        <button type="button" className="auth-inline-link" onClick={onSwitchToSignup}>Create an account</button>
      </p>
    </form>
  );
}
