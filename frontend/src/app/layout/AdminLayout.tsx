import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../../features/identity';
import { PageLoading } from '../../components/ui/PageLoading';
import { SiteLayout } from './SiteLayout';

/**
 * The back office's own shell: its page brings its header (the shop's name with "Admin", View Store,
 * Logout: checkout spec §2), so none of the storefront's sale banner, header, footer, cart or chat
 * button is drawn around it, and staff browsing is not counted as shop traffic. Anyone but an
 * administrator gets the storefront's 404 page, in the storefront's layout.
 */
export function AdminLayout() {
  const { isLoading, isAdmin } = useAuth();
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  if (!isLoading && !isAdmin) return <SiteLayout />;
  return (
    <>
      <a href="#main" className="skip-link">
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
