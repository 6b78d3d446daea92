import { useMutation } from '@tanstack/react-query';
import { UserCog } from 'lucide-react';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { changePasswordSchema } from '../../../../../backend/src/identity/contract/auth-input';
import { apiRequest, messageOf } from '../../../api/client';
import { Button } from '../../../components/ui/Button';
import { Field, useZodForm } from '../../../components/ui/form';
import { useAuth } from '../api/useAuth';
import { PasswordInput } from '../components/PasswordInput';
import { NewPasswordFields, PASSWORDS_DIFFER } from '../components/NewPasswordFields';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { SavedAddresses } from '../../customers';
import '../components/auth.css';

/** The server's rules, and the new password typed twice. */
const changeFormSchema = changePasswordSchema
  .extend({ repeated: z.string() })
  .refine((values) => values.newPassword === values.repeated, { path: ['repeated'], message: PASSWORDS_DIFFER });

/** `/dashboard/account` (issue 22): the account's settings: a password change and the saved shipping addresses. */
export default function AccountPage() {
  usePageTitle('Account settings');
  const { user } = useAuth();
  const form = useZodForm(changeFormSchema, { defaultValues: { currentPassword: '', newPassword: '', repeated: '' } });
  const change = useMutation({
    mutationFn: (body: z.infer<typeof changePasswordSchema>) => apiRequest<{ message: string }>('POST', '/api/auth/password', body),
    onSuccess: () => form.reset(),
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }));

  return (
    <section className="auth-page account-page">
      <div className="card auth-card stack">
        <h1>
          <UserCog size={24} aria-hidden /> Account settings
        </h1>
        <p className="muted">
          Signed in as <strong>{user?.email}</strong>. <Link to="/dashboard">Back to your dashboard</Link>
        </p>
        <form className="auth-form stack" onSubmit={submit} noValidate aria-label="Change password">
          <h2>Change password</h2>
          <Field label="Current password" error={errors.currentPassword?.message}>
            <PasswordInput id="account-current-password" label="Current password" autoComplete="current-password" required {...form.register('currentPassword')} />
          </Field>
          <NewPasswordFields idPrefix="account" password={form.register('newPassword')} repeated={form.register('repeated')} errors={{ password: errors.newPassword?.message, repeated: errors.repeated?.message }} />
          <div role="status">
            {change.isSuccess && <p className="notice notice-success">{change.data.message}</p>}
            {change.isError && <p className="notice notice-danger">{messageOf(change.error, 'The password could not be changed. Please try again.')}</p>}
          </div>
          <Button type="submit" variant="primary" block disabled={change.isPending}>
            {change.isPending ? 'Saving…' : 'Change password'}
          </Button>
          <p className="muted small">Changing it signs your account out on every other device; this one stays signed in.</p>
        </form>
      </div>
      <div className="card auth-card stack">
        <SavedAddresses />
      </div>
    </section>
  );
}
