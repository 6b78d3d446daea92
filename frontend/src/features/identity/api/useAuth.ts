import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGetOrNullWhenUnauthorized } from '../../../api/client';
import type { CurrentUser } from '../../../api/types';
import { isStaff, may, type Permission } from '../../../../../backend/src/identity/contract/staff-roles';

export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

/** The server's readable sign of a session (the session cookie itself is httpOnly): without it there is no one to ask about. */
function mayHaveSession(): boolean {
  return document.cookie.split(';').some((pair) => pair.trim().startsWith('signed_in='));
}

export function useAuth() {
  const { data, isLoading } = useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: () => (mayHaveSession() ? apiGetOrNullWhenUnauthorized<CurrentUser>('/api/auth/user') : null),
    retry: false,
  });
  const user = data ?? null;
  const role = user?.role ?? null;
  // The server's own role map (staff-roles.ts): the back office shows each role what the server will let it use.
  return { user, isLoading, isAuthenticated: user !== null, isStaff: isStaff(role), may: (permission: Permission) => may(role, permission) };
}

export function useRefreshCurrentUser() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
}

/** Spec: full name, else first name, else "User". */
export function displayName(user: CurrentUser | null): string {
  return user?.fullName || user?.firstName || 'User';
}
