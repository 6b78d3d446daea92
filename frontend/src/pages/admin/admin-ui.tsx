import { ExternalLink } from 'lucide-react';
import { capitalise, explorerUrl, shortHash } from './admin-format';

const STATUS_BADGES: Record<string, string> = {
  pending: 'badge-secondary',
  processing: 'badge-info',
  shipped: 'badge-info',
  delivered: 'badge-success',
  confirmed: 'badge-success',
  cancelled: 'badge-destructive',
  failed: 'badge-destructive',
};

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge ${STATUS_BADGES[status] ?? 'badge-secondary'}`}>{capitalise(status)}</span>;
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

export function TableSkeleton({ rows, columns }: { rows: number; columns: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <tr key={row} aria-hidden>
          {Array.from({ length: columns }, (_, column) => (
            <td key={column}>
              <span className="skeleton skeleton-line" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="notice notice-danger row between wrap gap" role="alert">
      <span>{message}</span>
      <button type="button" className="button button-outline button-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
