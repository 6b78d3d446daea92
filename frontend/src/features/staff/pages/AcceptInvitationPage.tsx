import { useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { newStaffAccountSchema } from '../../../../../backend/src/identity/contract/staff-input';
import { messageOf } from '../../../api/client';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Field, useZodForm } from '../../../components/ui/form';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { CURRENT_USER_KEY, PasswordInput, useAuth } from '../../identity';
import { useAcceptStaffInvitation } from '../api/staff-queries';

/**
 * `/staff/accept?token=…`, the page an owner's invitation opens (issue 23). Signed in (as the invited address), one
 * button accepts; otherwise a name and password make the new staff account, or the invitee signs in first (an
 * address that already has an account must). The token travels in the request's body.
 */
export default function AcceptInvitationPage() {
  usePageTitle('Join the staff');
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const { user, isLoading } = useAuth();
  const queryClient = useQueryClient();
  const accept = useAcceptStaffInvitation();
  const form = useZodForm(newStaffAccountSchema, { defaultValues: { fullName: '', password: '' } });
  const { errors } = form.formState;
  const done = () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  const submit = form.handleSubmit((values) => accept.mutate({ token, ...values }, { onSuccess: done }));
  const signInHere = `/auth?returnTo=${encodeURIComponent(`/staff/accept?token=${token}`)}`;

  return (
    <section className="auth-page">
      <div className="card auth-card stack">
        <h1>
          <UserPlus size={24} aria-hidden /> Join the staff
        </h1>
        {token === '' ? (
          <p className="notice notice-danger" role="alert">
            This page needs the link from the invitation e-mail. Ask the shop owner to invite you again.
          </p>
        ) : accept.isSuccess ? (
          <div className="stack" role="status">
            <p className="notice notice-success">You joined the staff as {accept.data.role}.</p>
            <ButtonLink variant="primary" size="lg" block to="/admin">
              Open the back office
            </ButtonLink>
          </div>
        ) : isLoading ? null : user ? (
          <div className="stack">
            <p>
              Accept the invitation as <strong>{user.email}</strong>. It must be the address the invitation was sent to.
            </p>
            {accept.isError && (
              <p className="notice notice-danger" role="alert">
                {messageOf(accept.error, 'The invitation could not be accepted. Please try again.')}
              </p>
            )}
            <Button variant="primary" size="lg" block disabled={accept.isPending} onClick={() => accept.mutate({ token }, { onSuccess: done })}>
              {accept.isPending ? 'Accepting…' : 'Accept invitation'}
            </Button>
          </div>
        ) : (
          <form className="auth-form stack" onSubmit={submit} noValidate aria-label="New staff account">
            <p className="muted">
              Choose your name and a password. Already have an account with the invited address? <Link to={signInHere}>Sign in</Link>, then accept.
            </p>
            <Field label="Full name" required error={errors.fullName?.message}>
              <input className="input" autoComplete="name" {...form.register('fullName')} />
            </Field>
            <Field label="Password" required error={errors.password?.message}>
              <PasswordInput id="staff-accept-password" label="Password" autoComplete="new-password" {...form.register('password')} />
            </Field>
            {accept.isError && (
              <p className="notice notice-danger" role="alert">
                {messageOf(accept.error, 'The invitation could not be accepted. Please try again.')}
              </p>
            )}
            <Button type="submit" variant="primary" size="lg" block disabled={accept.isPending}>
              {accept.isPending ? 'Joining…' : 'Join the staff'}
            </Button>
          </form>
        )}
      </div>
    </section>
  );
}
