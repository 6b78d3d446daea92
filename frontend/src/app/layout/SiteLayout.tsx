import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { usePageViews } from '../../lib/analytics';
import { CartDrawer } from '../../features/cart';
import { AccountClosedNotice } from '../../features/identity';
import { ChatButton } from './ChatButton';
import { PageLoading } from '../../components/ui/PageLoading';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/**
 * Pages where the floating chat button would sit over what the shopper acts on (the checkout's totals,
 * the amount to send and its Copy button, the back office's tables): it is not drawn there; the
 * footer's support link stays.
 */
const WITHOUT_CHAT_BUTTON = [/^\/checkout\/?$/i, /^\/orders\/[^/]+\/?$/i, /^\/admin(\/|$)/i];

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
      {!WITHOUT_CHAT_BUTTON.some((page) => page.test(pathname)) && <ChatButton />}
      <CartDrawer />
      <AccountClosedNotice />
    </>
  );
}
