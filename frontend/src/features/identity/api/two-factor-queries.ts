import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorStatusView } from '../../../../../backend/src/identity/contract/two-factor';
import { apiGet } from '../../../api/client';

/** The signed-in account's two-factor sign-in (issue 23): whether it is on, and whether the shop requires it of staff. */
export const twoFactorQueries = {
  status: () => queryOptions({ queryKey: ['/api/auth/2fa'] as const, queryFn: () => apiGet<TwoFactorStatusView>('/api/auth/2fa') }),
};

/** Only staff may enrol, so only staff ask. */
export function useTwoFactorStatus(isStaff: boolean) {
  return useQuery({ ...twoFactorQueries.status(), enabled: isStaff });
}

export function useRefreshTwoFactorStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: twoFactorQueries.status().queryKey });
}
