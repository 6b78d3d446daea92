import type { ReactNode } from 'react';

interface FigureProps {
  variant?: 'figure';
  label: string;
  value: ReactNode;
  /** Before the label, which then is a row. */
  icon?: ReactNode;
  /** A small line under the value, left out when undefined ('' keeps it, empty, while the figure loads). */
  note?: ReactNode;
  /** The exact figure (or the whole text) when the value is abbreviated or cut short. */
  valueTitle?: string;
  noteTitle?: string;
  className?: string;
  valueClassName?: string;
}

interface TileProps {
  /** The storefront's tile (home.css): the icon beside, the value above its label. */
  variant: 'tile';
  label: string;
  value: ReactNode;
  icon: ReactNode;
}

export type StatCardProps = FigureProps | TileProps;

/** One figure on a card: the back office's `admin-stat` (label, value, note), or the storefront's `stat-card` tile. */
export function StatCard(props: StatCardProps) {
  if (props.variant === 'tile') {
    return (
      <div className="card stat-card">
        <span className="stat-icon" aria-hidden>
          {props.icon}
        </span>
        <div>
          <p className="stat-value">{props.value}</p>
          <p className="muted small stat-label">{props.label}</p>
        </div>
      </div>
    );
  }
  const { label, value, icon, note, valueTitle, noteTitle, className, valueClassName } = props;
  return (
    <div className={className ? `card admin-stat ${className}` : 'card admin-stat'}>
      <p className={icon ? 'admin-stat-label row gap' : 'admin-stat-label'}>
        {icon}
        {label}
      </p>
      <p className={valueClassName ? `admin-stat-value ${valueClassName}` : 'admin-stat-value'} title={valueTitle}>
        {value}
      </p>
      {note !== undefined && (
        <p className="small muted" title={noteTitle}>
          {note}
        </p>
      )}
    </div>
  );
}
