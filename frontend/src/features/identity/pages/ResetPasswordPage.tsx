import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { passwordResetSchema } from '../../../../../backend/src/identity/contract/auth-input';
import { apiRequest, messageOf } from '../../../api/client';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { useZodForm } from '../../../components/ui/form';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { NewPasswordFields, PASSWORDS_DIFFER } from '../components/NewPasswordFields';
import '../components/auth.css';

/** The new password twice: the server's rules for the first, and the second must match it. */
const resetFormSchema = z
  .object({ password: passwordResetSchema.shape.password, repeated: z.string() })
  .refine((values) => values.password === values.repeated, { path: ['repeated'], message: PASSWORDS_DIFFER });

/**
 * `/auth/reset?token=…`, the page a mailed reset link opens (issue 22): the new password, then sign in with it.
 * The token travels in the body of the request, never in a log line of this page's own requests.
 */
export default function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const form = useZodForm(resetFormSchema, { defaultValues: { password: '', repeated: '' } });
  const reset = useMutation({ mutationFn: (password: string) => apiRequest<{ message: string }>('POST', '/api/auth/password-reset/confirm', { token, password }) });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ password }) => reset.mutate(password));

  return (
    <section className="auth-page">
      <div className="card auth-card stack">
        <h1>
          <KeyRound size={24} aria-hidden /> Choose a new password
        </h1>
        {token === '' ? (
          <p className="notice notice-danger" role="alert">
            This page needs the link from the password reset e-mail. <Link to="/auth">Ask for a new link</Link> from the sign-in page.
          </p>
        ) : reset.isSuccess ? (
          <div className="stack" role="status">
            <p className="notice notice-success">{reset.data.message}</p>
            <ButtonLink variant="primary" size="lg" block to="/auth">
              Sign in
            </ButtonLink>
          </div>
        ) : (
          <form className="auth-form stack" onSubmit={submit} noValidate aria-label="New password">
            <NewPasswordFields idPrefix="reset" password={form.register('password')} repeated={form.register('repeated')} errors={{ password: errors.password?.message, repeated: errors.repeated?.message }} />
            {reset.isError && (
              <p className="notice notice-danger" role="alert">
                {messageOf(reset.error, 'The password could not be changed. Please try again.')} <Link to="/auth">Go to the sign-in page</Link>
              </p>
            )}
            <Button type="submit" variant="primary" size="lg" block disabled={reset.isPending}>
              {reset.isPending ? 'Saving…' : 'Set new password'}
            </Button>
            <p className="muted small">Setting it signs your account out everywhere, this browser included.</p>
          </form>
        )}
      </div>
    </section>
  );
}
