import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError, apiRequest, messageOf } from '../../../api/client';
import { CURRENT_USER_KEY, useAuth } from '../../identity';
import { CUSTOMER_ORDERS_KEY } from '../../ordering';
import { useToast } from '../../../state/toast';
import { Button } from '../../../components/ui/Button';

/**
 * Until the account's address is confirmed, only the guest orders of the browser that signed in are
 * the customer's: the banner says why others are missing and mails a new link. The link itself comes
 * back here with `?emailVerified=1` (or `?emailVerification=failed`), told once by a toast.
 */
export function EmailVerificationBanner() {
  const { user } = useAuth();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const outcome = search.get('emailVerified') === '1' ? 'verified' : search.get('emailVerification') === 'failed' ? 'failed' : null;

  useEffect(() => {
    if (outcome === null) return;
    if (outcome === 'verified') {
      toast({ title: 'E-mail confirmed', description: 'Orders you placed as a guest with this address are now in Your Orders.', variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      void queryClient.invalidateQueries({ queryKey: CUSTOMER_ORDERS_KEY });
    } else {
      toast({ title: 'Link not valid', description: 'This confirmation link is invalid or has expired. Use "Resend e-mail" for a new one.', variant: 'destructive' });
    }
    setSearch(
      (params) => {
        params.delete('emailVerified');
        params.delete('emailVerification');
        return params;
      },
      { replace: true },
    );
  }, [outcome, toast, queryClient, setSearch]);

  const resend = useMutation({
    mutationFn: () => apiRequest<{ email: string }>('POST', '/api/auth/verify-email/resend'),
    onSuccess: ({ email }) => toast({ title: 'E-mail sent', description: `We sent a new confirmation link to ${email}.`, variant: 'success' }),
    onError: (error) =>
      toast({
        title: error instanceof ApiError && error.status === 429 ? 'Too many e-mails' : 'Error',
        description: messageOf(error, 'The e-mail could not be sent. Please try again.'),
        variant: 'destructive',
      }),
  });

  if (!user || user.emailVerified) return null;
  return (
    <div className="notice row between wrap gap email-verification-banner" role="status">
      <p className="row gap">
        <MailWarning size={20} aria-hidden /> Confirm your e-mail to see orders you placed as a guest with it
      </p>
      <Button variant="outline" size="sm" onClick={() => resend.mutate()} disabled={resend.isPending}>
        {resend.isPending ? 'Sending…' : 'Resend e-mail'}
      </Button>
    </div>
  );
}
