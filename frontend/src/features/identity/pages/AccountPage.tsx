import { useMutation } from '@tanstack/react-query';
import { UserCog } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { changeEmailSchema, changePasswordSchema, EMAIL_CHANGED } from '../../../../../backend/src/identity/contract/auth-input';
import { apiRequest, messageOf } from '../../../api/client';
import { Button } from '../../../components/ui/Button';
import { Field, useZodForm } from '../../../components/ui/form';
import { useAuth } from '../api/useAuth';
import { PasswordInput } from '../components/PasswordInput';
import { CloseAccount } from '../components/CloseAccount';
import { AccountSessions } from '../components/AccountSessions';
import { TwoFactorCard } from '../components/TwoFactorCard';
import { NewPasswordFields, PASSWORDS_DIFFER } from '../components/NewPasswordFields';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { SavedAddresses } from '../../customers';
import '../components/auth.css';

/** The server's rules, and the new password typed twice. */
const changeFormSchema = changePasswordSchema
  .extend({ repeated: z.string() })
  .refine((values) => values.newPassword === values.repeated, { path: ['repeated'], message: PASSWORDS_DIFFER });

/**
 * Moving the account to another address: a link goes to the new one, and nothing changes until it is opened
 * (`?emailChanged=1` or `?emailChange=failed` when the link brings the browser back here).
 */
function ChangeEmailForm({ admin }: { admin: boolean }) {
  const [params] = useSearchParams();
  const form = useZodForm(changeEmailSchema, { defaultValues: { newEmail: '', currentPassword: '' } });
  const change = useMutation({
    mutationFn: (body: z.infer<typeof changeEmailSchema>) => apiRequest<{ message: string }>('POST', '/api/user/email', body),
    onSuccess: () => form.reset(),
  });
  const { errors } = form.formState;
  const returned = params.get('emailChanged') === '1' ? 'changed' : params.get('emailChange') === 'failed' ? 'failed' : null;
  return (
    <form className="auth-form stack" onSubmit={form.handleSubmit((body) => change.mutate(body))} noValidate aria-label="Change e-mail address">
      <h2>Change e-mail address</h2>
      {returned === 'changed' && <p className="notice notice-success" role="status">{EMAIL_CHANGED}</p>}
      {returned === 'failed' && (
        <p className="notice notice-danger" role="alert">
          That link did not change your address: it was used, it expired, a newer one replaced it, or another account uses the address now. Ask again below.
        </p>
      )}
      {admin ? (
        <p className="muted small">An administrator&apos;s address is set by the shop&apos;s ADMIN_EMAIL setting.</p>
      ) : (
        <>
          <Field label="New e-mail address" error={errors.newEmail?.message}>
            <input className="input" type="email" autoComplete="email" required {...form.register('newEmail')} />
          </Field>
          <Field label="Current password" error={errors.currentPassword?.message}>
            <PasswordInput id="account-email-password" label="Current password" autoComplete="current-password" required {...form.register('currentPassword')} />
          </Field>
          <div role="status">
            {change.isSuccess && <p className="notice notice-success">{change.data.message}</p>}
            {change.isError && <p className="notice notice-danger">{messageOf(change.error, 'The address could not be changed. Please try again.')}</p>}
          </div>
          <Button type="submit" variant="primary" block disabled={change.isPending}>
            {change.isPending ? 'Sending…' : 'Send the confirmation link'}
          </Button>
          <p className="muted small">We mail a link to the new address and tell the current one. Your orders keep the address they were placed with.</p>
        </>
      )}
    </form>
  );
}

/** `/dashboard/account` (issue 22): the account's settings: the e-mail address, a password change, two-factor sign-in (staff, issue 23), the saved shipping addresses, and closing the account (customers only). */
export default function AccountPage() {
  usePageTitle('Account settings');
  const { user, isStaff } = useAuth();
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
      {isStaff && (
        <div className="card auth-card stack">
          <TwoFactorCard />
        </div>
      )}
      <div className="card auth-card stack">
        <ChangeEmailForm admin={user?.role === 'owner'} />
      </div>
      <div className="card auth-card stack">
        <AccountSessions />
      </div>
      <div className="card auth-card stack">
        <SavedAddresses />
      </div>
      {user?.role === 'customer' && (
        <div className="card auth-card stack">
          <CloseAccount />
        </div>
      )}
    </section>
  );
}
