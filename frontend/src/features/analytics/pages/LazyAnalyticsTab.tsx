import { lazy, Suspense } from 'react';
import { AnalyticsSkeleton } from '../components/AnalyticsSkeleton';

const AnalyticsTab = lazy(() => import('./AnalyticsTab'));

/**
 * The Analytics tab's code (its charts and formats) is loaded only when the tab is opened, so
 * neither the storefront's nor the back office's first load carries it.
 */
export function LazyAnalyticsTab() {
  return (
    <Suspense fallback={<AnalyticsSkeleton />}>
      <AnalyticsTab />
    </Suspense>
  );
}
