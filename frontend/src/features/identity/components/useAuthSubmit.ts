import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { safeReturnPath } from '../../../../../backend/src/identity/contract/return-to';
import { apiRequest, messageOf } from '../../../api/client';
import type { CurrentUser } from '../../../api/types';
import { useRefreshCurrentUser } from '../api/useAuth';
import { useToast } from '../../../state/toast';
import type { AuthNotice } from './auth-rules';

/** Spec §2 and §8: on success a toast, the current user is refreshed and the shopper goes home (or back where they came from, e.g. the checkout); on failure the server's reason. */
export function useAuthSubmit<Body>(
  path: '/api/auth/login' | '/api/auth/signup',
  success: AuthNotice,
  failure: { title: string; fallback: string },
  /** A failure the form answers itself (the login's request for a second factor), without the toast. */
  answeredByForm: (error: unknown, body: Body) => boolean = () => false,
) {
  const toast = useToast();
  const refreshCurrentUser = useRefreshCurrentUser();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const returnTo = safeReturnPath(search.get('returnTo'));
  return useMutation({
    mutationFn: (body: Body) => apiRequest<CurrentUser>('POST', path, body),
    onSuccess: async () => {
      toast({ ...success, variant: 'success' });
      await refreshCurrentUser();
      navigate(returnTo);
    },
    onError: (error, body) => {
      if (!answeredByForm(error, body)) toast({ title: failure.title, description: messageOf(error, failure.fallback), variant: 'destructive' });
    },
  });
}
