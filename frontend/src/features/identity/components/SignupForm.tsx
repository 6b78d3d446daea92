import { Link } from 'react-router-dom';
import type { SignupInput } from '../../../../../backend/src/identity/contract/auth-input';
import { Field, useZodForm } from '../../../components/ui/form';
import { useToast } from '../../../state/toast';
import { messagesOf, MIN_PASSWORD_LENGTH, SIGNUP_FAILED_FALLBACK, SIGNUP_FAILED_TITLE, SIGNUP_SUCCESS, signupFormSchema, signupNotice } from './auth-rules';
import { PasswordInput } from './PasswordInput';
import { useAuthSubmit } from './useAuthSubmit';

export function SignupForm({ onSwitchToLogin }: { onSwitchToLogin(): void }) {
  const toast = useToast();
  const signup = useAuthSubmit<SignupInput>('/api/auth/signup', SIGNUP_SUCCESS, { title: SIGNUP_FAILED_TITLE, fallback: SIGNUP_FAILED_FALLBACK });
  const form = useZodForm(signupFormSchema, { defaultValues: { fullName: '', email: '', password: '', confirmPassword: '', acceptedTerms: false } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(
    // Spec §3: the confirmation and the terms stay in the browser.
    ({ fullName, email, password }) => signup.mutate({ fullName, email, password }),
    (invalid) => {
      const notice = signupNotice(messagesOf(invalid));
      if (notice) toast({ ...notice, variant: 'destructive' });
    },
  );

  return (
    <form className="auth-form stack" onSubmit={submit} noValidate aria-label="Sign up">
      <Field label="Full name" error={errors.fullName?.message}>
        <input id="signup-name" className="input" autoComplete="name" required {...form.register('fullName')} />
      </Field>
      <Field label="Email" error={errors.email?.message}>
        <input id="signup-email" className="input" type="email" autoComplete="email" required placeholder="you@institution.edu" {...form.register('email')} />
      </Field>
      <Field label="Password" hint={`At least ${MIN_PASSWORD_LENGTH} characters.`} error={errors.password?.message}>
        <PasswordInput id="signup-password" label="Password" autoComplete="new-password" required {...form.register('password')} />
      </Field>
      <Field label="Confirm password" error={errors.confirmPassword?.message}>
        <PasswordInput id="signup-confirm" label="Confirm password" autoComplete="new-password" required {...form.register('confirmPassword')} />
      </Field>
      <Field
        inline
        error={errors.acceptedTerms?.message}
        label={
          <>
            I accept the <Link to="/terms">terms of sale</Link>: I am 18 or older, a qualified professional or affiliated with a research institution, and will use products for
            laboratory research only (see <Link to="/privacy">privacy</Link>, <Link to="/faq">FAQ</Link> and <Link to="/returns">returns</Link>).
          </>
        }
      >
        <input type="checkbox" required {...form.register('acceptedTerms')} />
      </Field>
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
