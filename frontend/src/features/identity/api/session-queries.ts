import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountSessionView } from '../../../../../backend/src/identity/contract/staff-input';
import { apiGet, apiRequest } from '../../../api/client';

export type { AccountSessionView as AccountSession };

/** The account's own sessions (issue 23): the list, ending one, and signing out everywhere else. */
export const SESSIONS_KEY = ['/api/user/sessions'] as const;

export const sessionQueries = {
  list: () => queryOptions({ queryKey: SESSIONS_KEY, queryFn: () => apiGet<AccountSessionView[]>(SESSIONS_KEY[0]) }),
};

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ message: string }>('DELETE', `${SESSIONS_KEY[0]}/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ ended: number; message: string }>('POST', `${SESSIONS_KEY[0]}/end-others`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
