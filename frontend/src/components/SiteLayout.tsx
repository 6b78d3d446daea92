import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { usePageViews } from '../lib/analytics';
import { CartDrawer } from './CartDrawer';
import { ChatButton } from './ChatButton';
import { PageLoading } from './PageLoading';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

export function SiteLayout() {
  const { pathname } = useLocation();
  usePageViews(useLocation());
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <ChatButton />
      <CartDrawer />
    </>
  );
}
