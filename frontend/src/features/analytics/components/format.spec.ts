import {
  abbreviate,
  averageDailyViews,
  countOf,
  deviceLabel,
  ELLIPSIS,
  formatDay,
  formatRate,
  latestDays,
  niceCeiling,
  oldestFirst,
  sharePercent,
  sourceLabel,
  topByViews,
  topPage,
} from './format';

describe('Analytics tab formats (checkout spec §9)', () => {
  it('abbreviates with K from 1,000 and M from 1,000,000, one decimal, halves up', () => {
    const cases: [number, string][] = [
      [0, '0'],
      [7, '7'],
      [999, '999'],
      [1000, '1.0K'],
      [1049, '1.0K'],
      [1050, '1.1K'],
      [1150, '1.2K'],
      [1234, '1.2K'],
      [9999, '10.0K'],
      [12_345, '12.3K'],
      [999_949, '999.9K'],
      [999_950, '1.0M'],
      [999_999, '1.0M'],
      [1_000_000, '1.0M'],
      [1_050_000, '1.1M'],
      [3_449_999, '3.4M'],
      [3_450_000, '3.5M'],
      [1_234_567_890, '1234.6M'],
    ];
    for (const [count, shown] of cases) expect([count, abbreviate(count)]).toEqual([count, shown]);
    expect(abbreviate(12.6)).toBe('13');
    expect(abbreviate(Number.NaN)).toBe('0');
  });

  it("shows Direct as 'Direct Traffic' and cuts sources over 50 characters at 50 with '…'", () => {
    expect(sourceLabel('Direct')).toBe('Direct Traffic');
    expect(sourceLabel('www.google.com')).toBe('www.google.com');
    const fifty = 'a'.repeat(50);
    expect(sourceLabel(fifty)).toBe(fifty);
    expect(sourceLabel(`${fifty}b`)).toBe(`${fifty}${ELLIPSIS}`);
    expect(ELLIPSIS).toBe('\u2026');
    // Characters, not UTF-16 units: an emoji is never split in half.
    expect(sourceLabel(`${'😀'.repeat(51)}`)).toBe(`${'😀'.repeat(50)}…`);
  });

  it('averages daily views over the days of the period, rounded', () => {
    expect(averageDailyViews(0, 30)).toBe(0);
    expect(averageDailyViews(100, 30)).toBe(3);
    expect(averageDailyViews(105, 30)).toBe(4);
    expect(averageDailyViews(10, 7)).toBe(1);
    expect(averageDailyViews(11, 7)).toBe(2);
  });

  it("takes the most viewed page as the top page, '/' with 0 views when there is none", () => {
    expect(topPage({ topPages: [] })).toEqual({ path: '/', views: 0 });
    expect(topPage({ topPages: [{ path: '/products', views: 9 }, { path: '/', views: 12 }, { path: '/faq', views: 12 }] })).toEqual({ path: '/', views: 12 });
  });

  it('lists the top 10, most viewed first', () => {
    const rows = Array.from({ length: 14 }, (_, index) => ({ path: `/p/${index}`, views: index }));
    const top = topByViews(rows);
    expect(top).toHaveLength(10);
    expect(top[0]).toEqual({ path: '/p/13', views: 13 });
    expect(top[9]).toEqual({ path: '/p/4', views: 4 });
    expect(rows[0].path).toBe('/p/0');
  });

  it('gives a device its rounded percent of all views', () => {
    expect(sharePercent(1, 3)).toBe(33);
    expect(sharePercent(2, 3)).toBe(67);
    expect(sharePercent(1, 8)).toBe(13);
    expect(sharePercent(0, 0)).toBe(0);
  });

  it('shows the latest 14 days newest first, and charts the period oldest first', () => {
    const days = Array.from({ length: 30 }, (_, index) => ({ date: `2025-11-${String(index + 1).padStart(2, '0')}`, views: index, visitors: 0 }));
    const latest = latestDays(days);
    expect(latest).toHaveLength(14);
    expect(latest[0].date).toBe('2025-11-30');
    expect(latest[13].date).toBe('2025-11-17');
    expect(oldestFirst([...latest]).map((day) => day.date)[0]).toBe('2025-11-17');
    expect(latestDays(days.slice(0, 3)).map((day) => day.date)).toEqual(['2025-11-03', '2025-11-02', '2025-11-01']);
  });

  it('names days, rates, devices and counts', () => {
    expect(formatDay('2025-11-24')).toMatch(/^Mon,? 24 Nov$/);
    expect(formatDay('2025-11-24', false)).toBe('24 Nov');
    expect(formatDay('garbage')).toBe('garbage');
    expect(formatRate(33.3)).toBe('33.3%');
    expect(formatRate(100)).toBe('100.0%');
    expect(formatRate(null)).toBe('—');
    expect(deviceLabel('mobile')).toBe('Mobile');
    expect(countOf(1, 'view')).toBe('1 view');
    expect(countOf(1500, 'view')).toBe('1.5K views');
  });

  it('rounds a chart axis up to a whole, halvable top', () => {
    const cases: [number, number][] = [[0, 2], [1, 2], [2, 2], [3, 4], [5, 6], [9, 10], [10, 10], [11, 20], [838, 1000], [1676, 2000], [2100, 4000], [55_000, 60_000]];
    for (const [value, top] of cases) expect([value, niceCeiling(value)]).toEqual([value, top]);
  });
});
