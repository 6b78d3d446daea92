import { exportUrl, funnelQuery, realtimeQuery, trafficQuery } from './analytics-queries';

describe('Analytics tab queries (checkout spec §7, §9)', () => {
  it('keeps traffic and funnel answers fresh 5 minutes and 10 in memory, per period, without retries', () => {
    for (const query of [trafficQuery(30), funnelQuery(30)]) expect(query).toMatchObject({ staleTime: 300_000, gcTime: 600_000, retry: false });
    expect(trafficQuery(7).queryKey).toEqual(['/api/analytics/traffic', 7]);
    expect(funnelQuery(90).queryKey).toEqual(['/api/analytics/funnel', 90]);
  });

  it('reads the realtime visitors again every 30 seconds', () => {
    expect(realtimeQuery()).toMatchObject({ queryKey: ['/api/analytics/realtime'], refetchInterval: 30_000, retry: false });
  });

  it('links the export of the chosen period', () => {
    expect(exportUrl(7)).toBe('/api/analytics/traffic/export?days=7&format=csv');
    expect(exportUrl(90, 'json')).toBe('/api/analytics/traffic/export?days=90&format=json');
  });
});
