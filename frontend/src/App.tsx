import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, ReactNode, useState } from 'react';
import { createBrowserRouter, RouteObject, RouterProvider } from 'react-router-dom';
import { PAGE_PATHS, PagePath } from '../../backend/src/storefront/contract/page-paths';
import { createQueryClient } from './api/query-client';
import { lazyPage } from './app/lazy-page';
import { AdminLayout } from './app/layout/AdminLayout';
import { RequireSignedIn, RequireStaff } from './features/identity';
import { SessionEndedRedirect } from './app/SessionEndedRedirect';
import { SiteLayout } from './app/layout/SiteLayout';
import { HomePage, NotFoundPage } from './features/content';
import { CartProvider } from './features/cart';
import { CurrencyProvider } from './state/currency';
import { ToastProvider } from './state/toast';

const ProductsPage = lazyPage(() => import('./features/catalogue/pages/ProductsPage'));
const SearchPage = lazy(() => import('./features/catalogue/pages/SearchPage'));
const CategoriesPage = lazyPage(() => import('./features/catalogue/pages/CategoriesPage'));
const ProductDetailPage = lazyPage(() => import('./features/catalogue/pages/ProductDetailPage'));
const CalculatorPage = lazy(() => import('./features/calculator/pages/CalculatorPage'));
const AuthPage = lazy(() => import('./features/identity/pages/AuthPage'));
const ResetPasswordPage = lazy(() => import('./features/identity/pages/ResetPasswordPage'));
const AcceptInvitationPage = lazy(() => import('./features/staff/pages/AcceptInvitationPage'));
const AccountPage = lazy(() => import('./features/identity/pages/AccountPage'));
const CheckoutPage = lazy(() => import('./features/checkout/pages/CheckoutPage'));
const DashboardPage = lazy(() => import('./features/customers/pages/DashboardPage'));
const OrderDetailPage = lazy(() => import('./features/ordering/pages/OrderDetailPage'));
const OrderLookupPage = lazy(() => import('./features/ordering/pages/OrderLookupPage'));
const SupportCasesPage = lazy(() => import('./features/support/pages/CustomerSupportCasesPage'));
const VerificationPage = lazy(() => import('./features/verification/pages/VerificationPage'));
const AdminPage = lazy(() => import('./app/admin/AdminPage'));
const FaqPage = lazy(() => import('./features/content/pages/info/FaqPage'));
// Rendered on the server: loaded ahead of hydration like the catalogue's pages.
const LegalPage = lazyPage(() => import('./features/content/pages/LegalPage'));
const ShippingPage = lazy(() => import('./features/content/pages/info/ShippingPage'));
const ReturnsPage = lazy(() => import('./features/content/pages/info/ReturnsPage'));

const BACK_OFFICE: PagePath = '/admin/:tab?/:record?';

/** The page of each address of the storefront spec §2 (the list is the server's too: it answers 404 to any other path). */
const PAGES: Record<PagePath, ReactNode> = {
  '/': <HomePage />,
  '/products': <ProductsPage />,
  '/search': <SearchPage />,
  '/categories': <CategoriesPage />,
  '/product/:id': <ProductDetailPage />,
  '/products/:id': <ProductDetailPage />,
  '/calculator': <CalculatorPage />,
  '/auth': <AuthPage />,
  '/auth/reset': <ResetPasswordPage />,
  '/staff/accept': <AcceptInvitationPage />,
  '/checkout': <CheckoutPage />,
  '/dashboard': <RequireSignedIn><DashboardPage /></RequireSignedIn>,
  '/orders/lookup': <OrderLookupPage />,
  '/orders/:id': <OrderDetailPage />,
  '/dashboard/account': <RequireSignedIn><AccountPage /></RequireSignedIn>,
  '/dashboard/support': <RequireSignedIn><SupportCasesPage /></RequireSignedIn>,
  '/dashboard/support/:id': <RequireSignedIn><SupportCasesPage /></RequireSignedIn>,
  '/dashboard/verification': <RequireSignedIn><VerificationPage /></RequireSignedIn>,
  '/admin/:tab?/:record?': <RequireStaff><AdminPage /></RequireStaff>,
  '/faq': <FaqPage />,
  '/privacy': <LegalPage />,
  '/terms': <LegalPage />,
  '/shipping': <ShippingPage />,
  '/returns': <ReturnsPage />,
};

/**
 * Storefront spec §2. Matching is case-insensitive with an optional trailing slash (react-router's default).
 * The routes alone: the browser makes its router of them on start (createBrowserRouter reads `window`),
 * the server (entry-server.tsx) a static one.
 */
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [...PAGE_PATHS.filter((path) => path !== BACK_OFFICE).map((path) => ({ path, element: PAGES[path] })), { path: '*', element: <NotFoundPage /> }],
  },
  // The back office in a shell of its own (no storefront banner, header, footer or chat button).
  { element: <AdminLayout />, children: [{ path: BACK_OFFICE, element: PAGES[BACK_OFFICE] }] },
];

/** Everything around the router, the same in the browser and on the server, so hydration finds the markup it renders. */
export function AppShell({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <SessionEndedRedirect />
        <CurrencyProvider>
          <CartProvider>{children}</CartProvider>
        </CurrencyProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}

/** The storefront in the browser; `queryClient` comes filled with the server's queries when the page was rendered there. */
export function App({ queryClient: given }: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppShell queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppShell>
  );
}
