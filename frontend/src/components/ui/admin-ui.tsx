import { ExternalLink, Search } from 'lucide-react';
import { InputHTMLAttributes, ReactNode, useId } from 'react';
import { capitalise, explorerUrl, shortHash } from '../../lib/admin-format';
import { Badge, BadgeTone } from './Badge';

const STATUS_BADGES: Record<string, BadgeTone> = {
  pending: 'secondary',
  processing: 'info',
  shipped: 'info',
  delivered: 'success',
  confirmed: 'success',
  cancelled: 'destructive',
  failed: 'destructive',
};

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_BADGES[status] ?? 'secondary'}>{capitalise(status)}</Badge>;
}

/** A hash shortened to 8 + 8 characters, linked to its block explorer when it is a real on-chain id. */
export function TransactionHash({ paymentMethod, hash }: { paymentMethod: string; hash: string | null }) {
  if (!hash) return <span className="muted">—</span>;
  const url = explorerUrl(paymentMethod, hash);
  const text = <code title={hash}>{shortHash(hash)}</code>;
  if (!url) return text;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="admin-hash-link" aria-label={`Transaction ${hash} on a block explorer (opens in a new tab)`}>
      {text}
      <ExternalLink size={14} aria-hidden />
    </a>
  );
}

/** Facts of a details dialog as a definition list: label, then value. */
export function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <dl className="admin-detail-list">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled part of a details dialog. */
export function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="stack admin-detail-section">
      <h3 id={id} className="admin-detail-heading">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A back-office search box: a magnifier in the box, its label for screen readers only. */
export function SearchField({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="field admin-search">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search size={18} aria-hidden className="admin-search-icon" />
      <input id={id} className="input" type="search" autoComplete="off" spellCheck={false} {...input} />
    </div>
  );
}
