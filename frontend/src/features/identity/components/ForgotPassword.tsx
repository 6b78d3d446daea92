import { useMutation } from '@tanstack/react-query';
import { passwordResetRequestSchema } from '../../../../../backend/src/identity/contract/auth-input';
import { apiRequest, messageOf } from '../../../api/client';
import { Button } from '../../../components/ui/Button';
import { Field, useZodForm } from '../../../components/ui/form';
import { CHAT_APP_NAME, CHAT_LINK } from '../../../lib/shop';

/**
 * "Forgot password?": a link to choose a new password, mailed to the account's address (issue 22). The answer is
 * the same whether or not an account uses the address; support stays for those who cannot read that mailbox.
 */
export function ForgotPassword({ id, email }: { id: string; email: string }) {
  const form = useZodForm(passwordResetRequestSchema, { defaultValues: { email } });
  const request = useMutation({ mutationFn: (body: { email: string }) => apiRequest<{ message: string }>('POST', '/api/auth/password-reset', body) });
  const submit = form.handleSubmit((body) => request.mutate(body));

  return (
    <form id={id} className="notice stack" onSubmit={submit} noValidate aria-label="Reset password">
      <p>Enter the e-mail address of your account and we will mail you a link to choose a new password.</p>
      <Field label="Account e-mail" error={form.formState.errors.email?.message}>
        <input className="input" type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Button type="submit" variant="outline" disabled={request.isPending}>
        {request.isPending ? 'Sending…' : 'Send reset link'}
      </Button>
      <div role="status">
        {request.isSuccess && <p className="notice notice-success">{request.data.message}</p>}
        {request.isError && <p className="field-error">{messageOf(request.error, 'The link could not be sent. Please try again.')}</p>}
      </div>
      <p className="small muted">
        No longer read that mailbox?{' '}
        <a href={CHAT_LINK} target="_blank" rel="noopener noreferrer">
          Contact support on {CHAT_APP_NAME}
        </a>
        <span className="sr-only"> (opens in a new tab)</span>.
      </p>
    </form>
  );
}
