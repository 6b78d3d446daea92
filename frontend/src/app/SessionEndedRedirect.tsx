import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../api/client';
import type { CurrentUser } from '../api/types';
import { CURRENT_USER_KEY, useRedirectToLoginWhenSignedOut } from '../features/identity';

const endsSession = (error: unknown) => error instanceof ApiError && error.isUnauthorized;

/**
 * Checkout spec §2 and §8: when the session of a signed-in shopper ends, the next call that answers
 * 401 (any query or mutation: orders, favorites, support cases) shows the toast 'Unauthorized' and
 * sends the browser to sign in after 500 ms, back to the same page. A 401 while signed out (a wrong
 * password) is the form's business, and the back office reports its own (AdminSession).
 */
export function SessionEndedRedirect() {
  const queryClient = useQueryClient();
  const [signedOut, setSignedOut] = useState(false);
  useRedirectToLoginWhenSignedOut(signedOut);

  useEffect(() => {
    const check = (error: unknown) => {
      if (!endsSession(error) || window.location.pathname.startsWith('/admin')) return;
      if (queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY)) setSignedOut(true);
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
  return null;
}
