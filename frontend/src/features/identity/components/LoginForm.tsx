import { useState } from 'react';
import type { LoginWithCodeInput } from '../../../../../backend/src/identity/contract/two-factor';
import { ApiError } from '../../../api/client';
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
  // Issue 23: an account with two-factor sign-in is answered 401 twoFactorRequired until the code comes along.
  const [codeAsked, setCodeAsked] = useState(false);
  const login = useAuthSubmit<LoginWithCodeInput>('/api/auth/login', LOGIN_SUCCESS, { title: LOGIN_FAILED_TITLE, fallback: LOGIN_FAILED_FALLBACK }, (error, body) => {
    if (!(error instanceof ApiError && error.flags.twoFactorRequired)) return false;
    setCodeAsked(true);
    // The first answer only asks for the code: the form shows its field. A wrong code is a failure like any other.
    return body.code === undefined;
  });
  const [defaultValues] = useState(() => {
    const email = rememberedEmail();
    return { email, password: '', remember: email !== '' };
  });
  const form = useZodForm(loginFormSchema, { defaultValues });
  const { errors } = form.formState;
  const [showReset, setShowReset] = useState(false);

  const submit = form.handleSubmit(
    ({ email, password, code, remember }) => {
      writeStored(REMEMBERED_EMAIL_KEY, remember ? form.getValues('email').trim() : '');
      login.mutate(codeAsked ? { email, password, code } : { email, password });
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
      {codeAsked && (
        <>
          <p className="notice" role="status">
            Two-factor sign-in is on for this account: enter the code from your authenticator app.
          </p>
          <Field label="Authentication code" error={errors.code?.message} hint="The 6-digit code your app shows now, or one of your recovery codes.">
            <input id="login-code" className="input two-factor-code" type="text" inputMode="numeric" autoComplete="one-time-code" required autoFocus {...form.register('code')} />
          </Field>
        </>
      )}
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
