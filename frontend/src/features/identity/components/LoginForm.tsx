import { useState } from 'react';
import type { LoginInput } from '../../../../../backend/src/identity/contract/auth-input';
import { Field, useZodForm } from '../../../components/ui/form';
import { readStored, writeStored } from '../../../lib/storage';
import { useToast } from '../../../state/toast';
import { LOGIN_FAILED_FALLBACK, LOGIN_FAILED_TITLE, LOGIN_SUCCESS, loginFormSchema, loginNotice, messagesOf } from './auth-rules';
import { ForgotPassword } from './ForgotPassword';
import { PasswordInput } from './PasswordInput';
import { useAuthSubmit } from './useAuthSubmit';

/** "Remember me" keeps the e-mail address on this device for the next visit; an empty string means forgotten. */
const REMEMBERED_EMAIL_KEY = 'peptide-research-supply:remembered-email';
const rememberedEmail = () => readStored(REMEMBERED_EMAIL_KEY, (raw) => (typeof raw === 'string' ? raw : undefined)) ?? '';

export function LoginForm({ onSwitchToSignup }: { onSwitchToSignup(): void }) {
  const toast = useToast();
  const login = useAuthSubmit<LoginInput>('/api/auth/login', LOGIN_SUCCESS, { title: LOGIN_FAILED_TITLE, fallback: LOGIN_FAILED_FALLBACK });
  const [defaultValues] = useState(() => {
    const email = rememberedEmail();
    return { email, password: '', remember: email !== '' };
  });
  const form = useZodForm(loginFormSchema, { defaultValues });
  const { errors } = form.formState;
  const [showReset, setShowReset] = useState(false);

  const submit = form.handleSubmit(
    ({ email, password, remember }) => {
      writeStored(REMEMBERED_EMAIL_KEY, remember ? form.getValues('email').trim() : '');
      login.mutate({ email, password });
    },
    (invalid) => {
      const notice = loginNotice(messagesOf(invalid));
      if (notice) toast({ ...notice, variant: 'destructive' });
    },
  );

  return (
    <>
    <form className="auth-form stack" onSubmit={submit} noValidate aria-label="Log in">
      <Field label="Email" error={errors.email?.message}>
        <input id="login-email" className="input" type="email" autoComplete="email" required placeholder="you@institution.edu" {...form.register('email')} />
      </Field>
      <Field label="Password" error={errors.password?.message}>
        <PasswordInput id="login-password" label="Password" autoComplete="current-password" required {...form.register('password')} />
      </Field>
      <div className="row between wrap gap">
        <Field label="Remember me" inline>
          <input type="checkbox" {...form.register('remember')} />
        </Field>
        <button type="button" className="button button-ghost button-sm auth-link-button" aria-expanded={showReset} aria-controls="password-help" onClick={() => setShowReset(!showReset)}>
          Forgot password?
        </button>
      </div>
      <button type="submit" className="button button-primary button-lg button-block" disabled={login.isPending}>
        {login.isPending ? 'Logging in...' : 'Login'}
      </button>
      <p className="muted small auth-switch">
        New here?{' '}
        <button type="button" className="auth-inline-link" onClick={onSwitchToSignup}>Create an account</button>
      </p>
    </form>
    {/* Its own form beside the login form (forms do not nest): the address typed above comes along. */}
    {showReset && <ForgotPassword id="password-help" email={form.getValues('email')} />}
    </>
  );
}
