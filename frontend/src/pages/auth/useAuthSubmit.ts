import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiRequest, messageOf } from '../../api/client';
import type { CurrentUser } from '../../api/types';
import { useRefreshCurrentUser } from '../../hooks/useAuth';
import { useToast } from '../../state/toast';
import type { AuthNotice } from './auth-rules';

/** Spec §2 and §8: on success a toast, the current user is refreshed and the shopper goes home; on failure the server's reason. */
export function useAuthSubmit<Body>(path: '/api/auth/login' | '/api/auth/signup', success: AuthNotice, failure: { title: string; fallback: string }) {
  const toast = useToast();
  const refreshCurrentUser = useRefreshCurrentUser();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: Body) => apiRequest<CurrentUser>('POST', path, body),
    onSuccess: async () => {
      toast({ ...success, variant: 'success' });
      await refreshCurrentUser();
      navigate('/');
    },
    onError: (error) => toast({ title: failure.title, description: messageOf(error, failure.fallback), variant: 'destructive' }),
  });
}
