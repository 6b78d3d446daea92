import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth, useTwoFactorStatus } from '../../features/identity';
import { PageLoading } from '../../components/ui/PageLoading';
import { SiteLayout } from './SiteLayout';

/**
 * The back office's own shell: its page brings its header (the shop's name with "Admin", View Store,
 * Logout: checkout spec §2), so none of the storefront's sale banner, header, footer, cart or chat
 * button is drawn around it, and staff browsing is not counted as shop traffic. Anyone but a
 * staff member gets the storefront's 404 page, in the storefront's layout. Staff who must enrol in two-factor
 * sign-in first (STAFF_2FA=required) are sent to their account settings, where the enrolment is.
 */
export function AdminLayout() {
  const { isLoading, isStaff } = useAuth();
  const twoFactor = useTwoFactorStatus(isStaff);
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  if (!isLoading && !isStaff) return <SiteLayout />;
  // STAFF_2FA=required (issue 23): staff without two-factor sign-in enrol first; the server refuses them every back-office route meanwhile.
  if (twoFactor.data?.requiredForStaff && !twoFactor.data.enabled) return <Navigate to="/dashboard/account#two-factor" replace />;
  return (
    <>
      {/* Past the header and the section menu, straight to the section itself. */}
      <a href="#admin-content" className="skip-link">
        Skip to content
      </a>
      <main id="main" tabIndex={-1} className="admin-shell">
        <Suspense fallback={<PageLoading label="Loading admin dashboard..." />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
