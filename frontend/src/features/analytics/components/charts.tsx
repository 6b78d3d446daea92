import { ReactNode, useId } from 'react';
import { abbreviate, exact, formatDay, niceCeiling } from './format';

/**
 * The Analytics tab's charts, drawn by hand in SVG (no chart library, so nothing else grows).
 * Every chart has its numbers in text beside it (a table or a list): the drawing itself is
 * decoration for sighted readers, hidden from assistive technology or summed up in a label.
 */

/** A horizontal bar, `value` of `max`, stretched to the width of its cell. */
export function Bar({ value, max, tone = 'primary' }: { value: number; max: number; tone?: 'primary' | 'accent' }) {
  const width = max > 0 && value > 0 ? Math.max(1.5, (value * 100) / max) : 0;
  return (
    <svg className={`analytics-bar analytics-bar-${tone}`} viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <rect className="analytics-bar-track" width="100" height="8" />
      <rect className="analytics-bar-fill" width={width} height="8" />
    </svg>
  );
}

/** A table's header row: the row headings' column, then right-aligned figures. */
export function TableHead({ label, figures }: { label: string; figures: readonly string[] }) {
  return (
    <thead>
      <tr>
        <th scope="col">{label}</th>
        {figures.map((heading) => (
          <th key={heading} scope="col" className="analytics-num">
            {heading}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A row of a table by day: the day as its heading. */
export function DayHeading({ date }: { date: string }) {
  return (
    <th scope="row" className="analytics-row-heading">
      <time dateTime={date}>{formatDay(date)}</time>
    </th>
  );
}

export interface RankedRow {
  key: string;
  label: string;
  /** The whole text, when the label is cut. */
  title?: string;
  views: number;
}

/**
 * A bar chart as a table: each row its label with a bar under it, its views and its share of all
 * views. Read as a table, it is its own text equivalent.
 */
export function RankedBarChart({ caption, labelHeading, rows, total }: { caption: string; labelHeading: string; rows: RankedRow[]; total: number }) {
  const max = Math.max(0, ...rows.map((row) => row.views));
  return (
    <div className="admin-table-wrap analytics-table-wrap">
      <table className="admin-table analytics-ranked">
        <caption className="sr-only">{caption}</caption>
        <TableHead label={labelHeading} figures={['Views', 'Share']} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="analytics-ranked-label">
                <span className="analytics-label-text" title={row.title}>
                  {row.label}
                </span>
                <Bar value={row.views} max={max} />
              </th>
              <td className="analytics-num" title={exact(row.views)}>
                {abbreviate(row.views)}
              </td>
              <td className="analytics-num muted">{total > 0 ? `${Math.round((row.views * 100) / total)}%` : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface Slice {
  key: string;
  label: string;
  value: number;
  percent: number;
}

const CIRCUMFERENCE = 100;
const RADIUS = CIRCUMFERENCE / (2 * Math.PI);

/** A donut of shares (each slice's `percent` of the whole), its total in the middle. */
export function DonutChart({ slices, total, label }: { slices: Slice[]; total: number; label: string }) {
  const exactTotal = slices.reduce((sum, slice) => sum + slice.value, 0);
  let start = 0;
  return (
    <svg className="analytics-donut" viewBox="0 0 42 42" role="img" aria-label={label} focusable="false">
      <circle className="analytics-donut-track" cx="21" cy="21" r={RADIUS} />
      {slices.map((slice, index) => {
        const length = exactTotal > 0 ? (slice.value * CIRCUMFERENCE) / exactTotal : 0;
        // From twelve o'clock, clockwise.
        const offset = 25 - start;
        start += length;
        return (
          <circle
            key={slice.key}
            className={`analytics-donut-slice analytics-series-${index}`}
            cx="21"
            cy="21"
            r={RADIUS}
            strokeDasharray={`${length} ${CIRCUMFERENCE - length}`}
            strokeDashoffset={offset}
          />
        );
      })}
      <text x="21" y="20.5" className="analytics-donut-total">
        {abbreviate(total)}
      </text>
      <text x="21" y="26" className="analytics-donut-caption">
        views
      </text>
    </svg>
  );
}

/** A legend swatch in a series' colour. */
export function Swatch({ index }: { index: number }) {
  return <span className={`analytics-swatch analytics-series-${index}`} aria-hidden="true" />;
}

const TREND_WIDTH = 600;
const TREND_HEIGHT = 180;

/**
 * Views (area) and visitors (line) per day over the whole period, oldest on the left. The axis
 * labels are HTML around the drawing, so they keep their size at any width.
 */
export function TrendChart({ days, label }: { days: { date: string; views: number; visitors: number }[]; label: string }) {
  const gradientId = useId();
  if (days.length === 0) return null;
  const max = niceCeiling(Math.max(...days.map((day) => Math.max(day.views, day.visitors))));
  const x = (index: number) => (days.length === 1 ? TREND_WIDTH / 2 : (index * TREND_WIDTH) / (days.length - 1));
  const y = (value: number) => TREND_HEIGHT - (value * (TREND_HEIGHT - 6)) / max;
  const points = (key: 'views' | 'visitors') =>
    days.length === 1 ? `0,${y(days[0][key])} ${TREND_WIDTH},${y(days[0][key])}` : days.map((day, index) => `${x(index)},${y(day[key])}`).join(' ');
  const viewsLine = points('views');
  const area = `M0,${TREND_HEIGHT} L${viewsLine.replaceAll(' ', ' L')} L${TREND_WIDTH},${TREND_HEIGHT} Z`;
  return (
    <figure className="analytics-trend">
      <div className="analytics-trend-plot">
        <div className="analytics-trend-y" aria-hidden="true">
          <span>{abbreviate(max)}</span>
          <span>{abbreviate(max / 2)}</span>
          <span>0</span>
        </div>
        <svg viewBox={`0 0 ${TREND_WIDTH} ${TREND_HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={label} focusable="false">
          <defs>
            <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
              <stop offset="0%" className="analytics-trend-stop-top" />
              <stop offset="100%" className="analytics-trend-stop-bottom" />
            </linearGradient>
          </defs>
          {[0, 0.5, 1].map((fraction) => (
            <line key={fraction} className="analytics-trend-grid" x1="0" x2={TREND_WIDTH} y1={y(max * fraction)} y2={y(max * fraction)} vectorEffect="non-scaling-stroke" />
          ))}
          <path d={area} fill={`url(#${gradientId})`} />
          <polyline className="analytics-trend-views" points={viewsLine} vectorEffect="non-scaling-stroke" />
          <polyline className="analytics-trend-visitors" points={points('visitors')} vectorEffect="non-scaling-stroke" />
        </svg>
      </div>
      <div className="analytics-trend-x" aria-hidden="true">
        <span>{formatDay(days[0].date, false)}</span>
        <span>{formatDay(days[days.length - 1].date, false)}</span>
      </div>
      <figcaption className="analytics-legend small">
        <span>
          <span className="analytics-swatch analytics-swatch-views" aria-hidden="true" /> Views
        </span>
        <span>
          <span className="analytics-swatch analytics-swatch-visitors" aria-hidden="true" /> Visitors
        </span>
      </figcaption>
    </figure>
  );
}

export interface FunnelBar {
  key: string;
  label: string;
  count: ReactNode;
  value: number;
  rates: ReactNode;
}

/** The funnel: one centred bar per step, as wide as its count of the first step's. Each step says its numbers. */
export function FunnelChart({ steps, label }: { steps: FunnelBar[]; label: string }) {
  const max = Math.max(0, ...steps.map((step) => step.value));
  return (
    <ol className="analytics-funnel" aria-label={label}>
      {steps.map((step) => {
        const width = max > 0 && step.value > 0 ? Math.max(1.5, (step.value * 100) / max) : 0;
        return (
          <li key={step.key}>
            <div className="analytics-funnel-head">
              <span className="analytics-funnel-label">{step.label}</span>
              <span className="analytics-funnel-count">{step.count}</span>
            </div>
            <svg className="analytics-funnel-bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
              <rect className="analytics-bar-track" width="100" height="10" />
              <rect className="analytics-funnel-fill" x={(100 - width) / 2} width={width} height="10" />
            </svg>
            <p className="analytics-funnel-rates small muted">{step.rates}</p>
          </li>
        );
      })}
    </ol>
  );
}
