import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, ReactNode, useState } from 'react';
import { createBrowserRouter, RouteObject, RouterProvider } from 'react-router-dom';
import { createQueryClient } from './api/query-client';
import { lazyPage } from './app/lazy-page';
import { RequireAdmin, RequireSignedIn } from './components/RouteGuards';
import { SessionEndedRedirect } from './components/SessionEndedRedirect';
import { SiteLayout } from './components/SiteLayout';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { CartProvider } from './state/cart';
import { CurrencyProvider } from './state/currency';
import { ToastProvider } from './state/toast';

const ProductsPage = lazyPage(() => import('./pages/ProductsPage'));
const SearchPage = lazy(() => import('./pages/SearchPage'));
const CategoriesPage = lazyPage(() => import('./pages/CategoriesPage'));
const ProductDetailPage = lazyPage(() => import('./pages/ProductDetailPage'));
const CalculatorPage = lazy(() => import('./pages/CalculatorPage'));
const AuthPage = lazy(() => import('./pages/AuthPage'));
const CheckoutPage = lazy(() => import('./pages/CheckoutPage'));
const DashboardPage = lazy(() => import('./pages/DashboardPage'));
const OrderDetailPage = lazy(() => import('./pages/orders/OrderDetailPage'));
const OrderLookupPage = lazy(() => import('./pages/orders/OrderLookupPage'));
const SupportCasesPage = lazy(() => import('./pages/dashboard/SupportCases'));
const AdminPage = lazy(() => import('./pages/AdminPage'));
const FaqPage = lazy(() => import('./pages/info/FaqPage'));
const ShippingPage = lazy(() => import('./pages/info/ShippingPage'));
const ReturnsPage = lazy(() => import('./pages/info/ReturnsPage'));

/**
 * Storefront spec §2. Matching is case-insensitive with an optional trailing slash (react-router's default).
 * The routes alone: the browser makes its router of them on start (createBrowserRouter reads `window`),
 * the server (entry-server.tsx) a static one.
 */
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/products', element: <ProductsPage /> },
      { path: '/search', element: <SearchPage /> },
      { path: '/categories', element: <CategoriesPage /> },
      { path: '/product/:id', element: <ProductDetailPage /> },
      { path: '/products/:id', element: <ProductDetailPage /> },
      { path: '/calculator', element: <CalculatorPage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/dashboard', element: <RequireSignedIn><DashboardPage /></RequireSignedIn> },
      { path: '/orders/lookup', element: <OrderLookupPage /> },
      { path: '/orders/:id', element: <OrderDetailPage /> },
      { path: '/dashboard/support', element: <RequireSignedIn><SupportCasesPage /></RequireSignedIn> },
      { path: '/dashboard/support/:id', element: <RequireSignedIn><SupportCasesPage /></RequireSignedIn> },
      { path: '/admin/:tab?', element: <RequireAdmin><AdminPage /></RequireAdmin> },
      { path: '/faq', element: <FaqPage /> },
      { path: '/shipping', element: <ShippingPage /> },
      { path: '/returns', element: <ReturnsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
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
