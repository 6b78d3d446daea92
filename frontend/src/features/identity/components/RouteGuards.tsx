import { ReactNode, useEffect } from 'react';
import { useAuth } from '../api/useAuth';
import { NotFoundPage } from '../../content';
import { useToast } from '../../../state/toast';
import { PageLoading } from '../../../components/ui/PageLoading';

/** Checkout spec §8: the signed-out are told, then sent to sign in after 500 ms. */
export const UNAUTHORIZED_REDIRECT_MS = 500;

export function useRedirectToLoginWhenSignedOut(signedOut: boolean): void {
  const toast = useToast();
  useEffect(() => {
    if (!signedOut) return;
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    // Back to this page after signing in again.
    const returnTo = encodeURIComponent(window.location.pathname + window.location.search);
    const timer = window.setTimeout(() => window.location.assign(`/api/login?returnTo=${returnTo}`), UNAUTHORIZED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [signedOut, toast]);
}

export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useAuth();
  useRedirectToLoginWhenSignedOut(!isLoading && !isAuthenticated);
  if (!isAuthenticated) return <PageLoading />;
  return children;
}

/** Spec §2: only staff reach /admin (each role sees its own sections); everyone else sees the 404 page. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { isLoading, isStaff } = useAuth();
  if (isLoading) return <PageLoading label="Loading admin dashboard..." />;
  if (!isStaff) return <NotFoundPage />;
  return children;
}
