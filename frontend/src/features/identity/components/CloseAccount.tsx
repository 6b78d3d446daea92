import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { ACCOUNT_CLOSED, closeAccountSchema } from '../../../../../backend/src/identity/contract/auth-input';
import { apiRequest, messageOf } from '../../../api/client';
import { Button } from '../../../components/ui/Button';
import { AdminDialog } from '../../../components/ui/Dialog';
import { Field, useZodForm } from '../../../components/ui/form';
import { useToast } from '../../../state/toast';
import { PasswordInput } from './PasswordInput';

type CloseAccountInput = z.infer<typeof closeAccountSchema>;

const ACCOUNT_CLOSED_PARAMETER = 'accountClosed';

/** On the storefront the closing lands on (`/?accountClosed=1`): says it is done, once, and takes the mark out of the address. */
export function AccountClosedNotice() {
  const [params, setParams] = useSearchParams();
  const toast = useToast();
  const closed = params.get(ACCOUNT_CLOSED_PARAMETER) === '1';
  useEffect(() => {
    if (!closed) return;
    toast({ title: 'Account closed', description: ACCOUNT_CLOSED });
    setParams(
      (current) => {
        current.delete(ACCOUNT_CLOSED_PARAMETER);
        return current;
      },
      { replace: true },
    );
  }, [closed, setParams, toast]);
  return null;
}

/**
 * Closing the account (issue 22): what it does, said before, then the password and the word CLOSE in a dialog. Once
 * closed the browser is signed out and back on the storefront (a fresh page load), where AccountClosedNotice says so.
 */
export function CloseAccount() {
  const [open, setOpen] = useState(false);
  const form = useZodForm(closeAccountSchema, { defaultValues: { password: '', confirm: '' as 'CLOSE' } });
  const close = useMutation({
    mutationFn: (body: CloseAccountInput) => apiRequest<{ message: string }>('POST', '/api/user/close', body),
    // A page load of its own: whatever this tab kept of the account (orders, addresses, favorites) is gone with it.
    onSuccess: () => window.location.assign(`/?${ACCOUNT_CLOSED_PARAMETER}=1`),
  });
  const { errors } = form.formState;
  const dismiss = () => {
    setOpen(false);
    form.reset();
    close.reset();
  };

  return (
    <section className="stack" aria-labelledby="close-account-heading">
      <h2 id="close-account-heading">Close account</h2>
      <p className="muted small">
        Closing erases your name, e-mail address, phone, saved addresses and verification from the shop, also from its records of your past orders, which
        keep only their items and amounts for the shop&apos;s books. It cannot be undone. Orders still in progress must be delivered, cancelled or refunded
        first.
      </p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Close my account…
      </Button>
      {open && (
        <AdminDialog
          title="Close your account?"
          description="Your sign-in, your saved addresses and your personal details in every order are erased for good. You will be signed out."
          submitLabel={close.isPending ? 'Closing…' : 'Close account'}
          submitVariant="danger"
          cancelLabel="Keep it"
          busy={close.isPending}
          onSubmit={form.handleSubmit((body) => close.mutate(body))}
          onClose={dismiss}
        >
          <Field label="Password" error={errors.password?.message}>
            <PasswordInput id="close-account-password" label="Password" autoComplete="current-password" required {...form.register('password')} />
          </Field>
          <Field label="Type CLOSE to confirm" error={errors.confirm?.message}>
            <input className="input" autoComplete="off" autoCapitalize="characters" spellCheck={false} required {...form.register('confirm')} />
          </Field>
          <div role="status">{close.isError && <p className="notice notice-danger">{messageOf(close.error, 'The account could not be closed. Please try again.')}</p>}</div>
        </AdminDialog>
      )}
    </section>
  );
}
