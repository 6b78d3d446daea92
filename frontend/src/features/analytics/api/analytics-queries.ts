import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';
import type { AnalyticsPeriod, FunnelView, RealtimeView, TrafficAnalyticsView } from '../../../../../backend/src/analytics/contract/analytics.views';
import { useReportedQuery } from '../../../api/admin-queries';

/** Checkout spec §7 and §9: analytics answers are fresh for 5 minutes, kept 10, and never retried. */
export const ANALYTICS_CACHE = { staleTime: 5 * 60_000, gcTime: 10 * 60_000, retry: false } as const;
/** Issue 11 §6: visitors of the last 5 minutes, read again every 30 s while the tab is open. */
export const REALTIME_REFRESH_MS = 30_000;

export const trafficQuery = (days: AnalyticsPeriod) =>
  queryOptions({
    queryKey: ['/api/analytics/traffic', days],
    queryFn: () => apiGet<TrafficAnalyticsView>(`/api/analytics/traffic?days=${days}`),
    ...ANALYTICS_CACHE,
  });

export const funnelQuery = (days: AnalyticsPeriod) =>
  queryOptions({
    queryKey: ['/api/analytics/funnel', days],
    queryFn: () => apiGet<FunnelView>(`/api/analytics/funnel?days=${days}`),
    ...ANALYTICS_CACHE,
  });

export const realtimeQuery = () =>
  queryOptions({
    queryKey: ['/api/analytics/realtime'],
    queryFn: () => apiGet<RealtimeView>('/api/analytics/realtime'),
    staleTime: REALTIME_REFRESH_MS,
    gcTime: REALTIME_REFRESH_MS,
    retry: false,
    refetchInterval: REALTIME_REFRESH_MS,
  });

/** The export for spreadsheets and BI tools: the period's daily rows per path, source and device. */
export function exportUrl(days: AnalyticsPeriod, format: 'csv' | 'json' = 'csv'): string {
  return `/api/analytics/traffic/export?days=${days}&format=${format}`;
}

export const useTraffic = (days: AnalyticsPeriod) => useReportedQuery(useQuery(trafficQuery(days)));
export const useFunnel = (days: AnalyticsPeriod) => useReportedQuery(useQuery(funnelQuery(days)));
export const useRealtime = () => useReportedQuery(useQuery(realtimeQuery()));
