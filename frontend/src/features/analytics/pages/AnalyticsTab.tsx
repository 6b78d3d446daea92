import { Download, Eye, FileText, TrendingUp, Users } from 'lucide-react';
import { useState } from 'react';
import { Tabs } from '../../../components/ui/Tabs';
import { formatAud } from '../../../lib/currencies';
import { toCents } from '../../../lib/money';
import {
  ANALYTICS_PERIODS,
  DEFAULT_ANALYTICS_PERIOD,
  FUNNEL_STEPS,
  type AnalyticsPeriod,
  type FunnelCounts,
  type TrafficAnalyticsView,
} from '../../../../../backend/src/analytics/contract/analytics.views';
import { SkeletonCards } from '../components/AnalyticsSkeleton';
import { exportUrl, useFunnel, useRealtime, useTraffic } from '../api/analytics-queries';
import { DayHeading, DonutChart, FunnelChart, RankedBarChart, Swatch, TableHead, TrendChart } from '../components/charts';
import {
  abbreviate,
  averageDailyViews,
  countOf,
  deviceLabel,
  exact,
  formatDay,
  formatRate,
  FUNNEL_STEP_LABELS,
  latestDays,
  oldestFirst,
  sharePercent,
  sourceLabel,
  topByViews,
  topPage,
  TREND_DAYS,
} from '../components/format';
import { Button, ButtonAnchor } from '../../../components/ui/Button';
import { StatCard } from '../../../components/ui/StatCard';
import '../components/analytics.css';

type View = 'pages' | 'sources' | 'devices' | 'trends' | 'funnel';

const NO_DATA = 'No data available';

/** Checkout spec §2 (Analytics tab) and issue 11: traffic, the sales funnel and the visitors of the last minutes. */
export default function AnalyticsTab() {
  const [days, setDays] = useState<AnalyticsPeriod>(DEFAULT_ANALYTICS_PERIOD);
  const [view, setView] = useState<View>('pages');
  const traffic = useTraffic(days);
  return (
    <section className="stack admin-section analytics" aria-labelledby="analytics-heading">
      <div className="analytics-header">
        <div>
          <h2 id="analytics-heading">Traffic Analytics</h2>
          <p className="muted small">Storefront page views, counted without cookies: a visitor is recognised for one day only.</p>
        </div>
        <Realtime />
      </div>
      <div className="analytics-toolbar">
        <div role="group" aria-label="Period" className="analytics-periods">
          {ANALYTICS_PERIODS.map((period) => (
            <Button key={period} size="sm" className="analytics-period" aria-pressed={period === days} onClick={() => setDays(period)}>
              {period} days
            </Button>
          ))}
        </div>
        <ButtonAnchor variant="outline" size="sm" href={exportUrl(days)} download={`traffic-${days}-days.csv`}>
          <Download size={16} aria-hidden /> Export CSV
        </ButtonAnchor>
      </div>

      {traffic.isPending ? (
        <SkeletonCards />
      ) : traffic.isError ? (
        <div className="notice notice-danger analytics-failure" role="alert">
          <p className="admin-strong">Failed to load analytics data</p>
          <p>Please try refreshing the page</p>
        </div>
      ) : (
        <>
          <SummaryCards traffic={traffic.data} days={days} />
          <Tabs<View>
            label="Analytics views"
            className="analytics-tabs"
            lazy
            selected={view}
            onSelect={setView}
            tabs={[
              { id: 'pages', label: 'Pages', panel: <PagesPanel traffic={traffic.data} days={days} /> },
              { id: 'sources', label: 'Sources', panel: <SourcesPanel traffic={traffic.data} days={days} /> },
              { id: 'devices', label: 'Devices', panel: <DevicesPanel traffic={traffic.data} /> },
              { id: 'trends', label: 'Trends', panel: <TrendsPanel traffic={traffic.data} days={days} /> },
              { id: 'funnel', label: 'Funnel', panel: <FunnelPanel days={days} /> },
            ]}
          />
        </>
      )}
    </section>
  );
}

function SummaryCards({ traffic, days }: { traffic: TrafficAnalyticsView; days: AnalyticsPeriod }) {
  const top = topPage(traffic);
  const average = averageDailyViews(traffic.totalPageViews, days);
  return (
    <div className="admin-stats analytics-cards">
      <StatCard icon={<Eye size={20} aria-hidden />} label="Total Views" value={abbreviate(traffic.totalPageViews)} valueTitle={exact(traffic.totalPageViews)} note={`last ${days} days`} />
      <StatCard icon={<Users size={20} aria-hidden />} label="Unique Visitors" value={abbreviate(traffic.uniqueVisitors)} valueTitle={exact(traffic.uniqueVisitors)} note="each day's visitors, added up" />
      <StatCard icon={<TrendingUp size={20} aria-hidden />} label="Avg. Daily Views" value={abbreviate(average)} valueTitle={exact(average)} note={`total ÷ ${days} days`} />
      <StatCard
        className="analytics-top-page"
        icon={<FileText size={20} aria-hidden />}
        label="Top Page"
        value={top.path}
        valueClassName="analytics-top-path"
        valueTitle={top.path}
        note={countOf(top.views, 'view')}
        noteTitle={exact(top.views)}
      />
    </div>
  );
}

function Realtime() {
  const realtime = useRealtime();
  const visitors = realtime.data?.visitors;
  return (
    <div className="analytics-realtime">
      <span className={`analytics-pulse ${realtime.isError ? 'analytics-pulse-off' : ''}`} aria-hidden="true" />
      <p>
        <strong className="analytics-realtime-count">{visitors === undefined ? '—' : abbreviate(visitors)}</strong>{' '}
        {visitors === 1 ? 'visitor' : 'visitors'} in the last 5 minutes
        {realtime.data && <span className="muted small"> · {countOf(realtime.data.pageViews, 'page view')}</span>}
        {realtime.isError && <span className="muted small"> · not available</span>}
      </p>
    </div>
  );
}

function Empty() {
  return <p className="admin-empty analytics-empty">{NO_DATA}</p>;
}

function PagesPanel({ traffic, days }: { traffic: TrafficAnalyticsView; days: AnalyticsPeriod }) {
  const pages = topByViews(traffic.topPages);
  if (pages.length === 0) return <Empty />;
  return (
    <RankedBarChart
      caption={`Top ${pages.length} pages by views, last ${days} days`}
      labelHeading="Page"
      total={traffic.totalPageViews}
      rows={pages.map((page) => ({ key: page.path, label: page.path, views: page.views }))}
    />
  );
}

function SourcesPanel({ traffic, days }: { traffic: TrafficAnalyticsView; days: AnalyticsPeriod }) {
  const sources = topByViews(traffic.trafficSources);
  if (sources.length === 0) return <Empty />;
  return (
    <RankedBarChart
      caption={`Top ${sources.length} traffic sources by views, last ${days} days`}
      labelHeading="Source"
      total={traffic.totalPageViews}
      rows={sources.map((source) => {
        const label = sourceLabel(source.source);
        return { key: source.source, label, title: label === source.source ? undefined : source.source, views: source.views };
      })}
    />
  );
}

function DevicesPanel({ traffic }: { traffic: TrafficAnalyticsView }) {
  const devices = topByViews(traffic.deviceTypes).filter((device) => device.views > 0);
  if (devices.length === 0) return <Empty />;
  const total = traffic.totalPageViews;
  const slices = devices.map((device) => ({ key: device.type, label: deviceLabel(device.type), value: device.views, percent: sharePercent(device.views, total) }));
  return (
    <div className="analytics-devices">
      <DonutChart slices={slices} total={total} label={`Views by device: ${slices.map((slice) => `${slice.label} ${slice.percent}%`).join(', ')}`} />
      <div className="admin-table-wrap analytics-table-wrap">
        <table className="admin-table">
          <caption className="sr-only">Views by device</caption>
          <TableHead label="Device" figures={['Views', 'Share']} />
          <tbody>
            {slices.map((slice, index) => (
              <tr key={slice.key}>
                <th scope="row" className="analytics-row-heading">
                  <Swatch index={index} /> {slice.label}
                </th>
                <td className="analytics-num" title={exact(slice.value)}>
                  {abbreviate(slice.value)}
                </td>
                <td className="analytics-num">{slice.percent}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function TrendsPanel({ traffic, days }: { traffic: TrafficAnalyticsView; days: AnalyticsPeriod }) {
  if (traffic.dailyViews.length === 0 || traffic.dailyViews.every((day) => day.views === 0)) return <Empty />;
  const chartDays = oldestFirst(traffic.dailyViews);
  const busiest = chartDays.reduce((best, day) => (day.views > best.views ? day : best), chartDays[0]);
  const latest = latestDays(traffic.dailyViews);
  return (
    <div className="stack">
      <TrendChart
        days={chartDays}
        label={`Daily views and visitors over the last ${days} days; the busiest day was ${formatDay(busiest.date)} with ${countOf(busiest.views, 'view')}. The table lists the latest ${TREND_DAYS} days.`}
      />
      <div className="admin-table-wrap analytics-table-wrap analytics-trend-table">
        <table className="admin-table">
          <caption className="analytics-caption">Latest {latest.length} days, newest first</caption>
          <TableHead label="Date" figures={['Views', 'Visitors']} />
          <tbody>
            {latest.map((day) => (
              <tr key={day.date}>
                <DayHeading date={day.date} />
                <td className="analytics-num" title={exact(day.views)}>
                  {abbreviate(day.views)}
                </td>
                <td className="analytics-num" title={exact(day.visitors)}>
                  {abbreviate(day.visitors)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

const FUNNEL_COLUMNS: [keyof FunnelCounts, string][] = [
  ['productViews', 'Product views'],
  ['addedToCart', 'Added to cart'],
  ['checkoutStarted', 'Checkout'],
  ['ordersPlaced', 'Orders'],
  ['ordersPaid', 'Paid'],
];
/** The funnel tables' figure headings: each step, then the revenue (FunnelCells' cells). */
const FUNNEL_HEADINGS = [...FUNNEL_COLUMNS.map(([, heading]) => heading), 'Revenue'];

const revenueOf = (revenue: string) => formatAud(toCents(revenue));

function FunnelPanel({ days }: { days: AnalyticsPeriod }) {
  const funnel = useFunnel(days);
  if (funnel.isPending) return <p className="muted analytics-empty">Loading the funnel…</p>;
  if (funnel.isError) {
    return (
      <div className="notice notice-danger" role="alert">
        <p className="admin-strong">Failed to load analytics data</p>
        <p>Please try refreshing the page</p>
      </div>
    );
  }
  const { totals, steps, bySource, daily } = funnel.data;
  const ordered = FUNNEL_STEPS.map((step) => steps.find((candidate) => candidate.step === step) ?? { step, count: 0, fromPrevious: null, fromStart: null });
  const latest = latestDays(daily).filter((day) => FUNNEL_COLUMNS.some(([key]) => Number(day[key]) > 0));
  return (
    <div className="stack analytics-funnel-panel">
      <div className="analytics-funnel-summary">
        <p>
          <span className="muted">Conversion</span> <strong>{formatRate(totals.conversionRate)}</strong>
        </p>
        <p>
          <span className="muted">Revenue (paid orders)</span> <strong>{revenueOf(totals.revenue)}</strong>
        </p>
        <p className="small muted analytics-funnel-note">Conversion: paid orders for every 100 visitors who viewed a product. Visitors are counted per day.</p>
      </div>
      {ordered.every((step) => step.count === 0) ? (
        <Empty />
      ) : (
        <FunnelChart
          label={`Sales funnel, last ${days} days`}
          steps={ordered.map((step, index) => {
            const { label, unit } = FUNNEL_STEP_LABELS[step.step];
            return {
              key: step.step,
              label,
              value: step.count,
              count: <span title={exact(step.count)}>{countOf(step.count, unit.slice(0, -1), unit)}</span>,
              rates: index === 0 ? 'where the funnel starts' : `${formatRate(step.fromPrevious)} of the step before · ${formatRate(step.fromStart)} of the first step`,
            };
          })}
        />
      )}

      <h3 className="analytics-subheading">By source</h3>
      {bySource.length === 0 ? (
        <Empty />
      ) : (
        <div className="admin-table-wrap analytics-table-wrap">
          <table className="admin-table analytics-wide">
            <caption className="sr-only">Funnel by entry source, last {days} days</caption>
            <TableHead label="Source" figures={[...FUNNEL_HEADINGS, 'Conversion']} />
            <tbody>
              {bySource.map((row) => {
                const label = sourceLabel(row.source);
                return (
                  <tr key={row.source}>
                    <th scope="row" className="analytics-source-cell" title={label === row.source ? undefined : row.source}>
                      {label}
                    </th>
                    <FunnelCells counts={row} />
                    <td className="analytics-num">{formatRate(row.conversionRate)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <h3 className="analytics-subheading">By day</h3>
      {latest.length === 0 ? (
        <Empty />
      ) : (
        <div className="stack analytics-tight">
          <p className="small muted analytics-note" id="analytics-funnel-days-note">
            Days with funnel activity among the latest {TREND_DAYS}, newest first.
          </p>
          <div className="admin-table-wrap analytics-table-wrap">
            <table className="admin-table analytics-wide" aria-describedby="analytics-funnel-days-note">
              <caption className="sr-only">Funnel by day</caption>
              <TableHead label="Date" figures={FUNNEL_HEADINGS} />
              <tbody>
                {latest.map((day) => (
                  <tr key={day.date}>
                    <DayHeading date={day.date} />
                    <FunnelCells counts={day} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </div>
  );
}

function FunnelCells({ counts }: { counts: FunnelCounts }) {
  return (
    <>
      {FUNNEL_COLUMNS.map(([key]) => (
        <td key={key} className="analytics-num" title={exact(Number(counts[key]))}>
          {abbreviate(Number(counts[key]))}
        </td>
      ))}
      <td className="analytics-num">{revenueOf(counts.revenue)}</td>
    </>
  );
}
