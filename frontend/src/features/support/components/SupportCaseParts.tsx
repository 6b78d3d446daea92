import type { SupportCaseView } from '../api/support-queries';
import './support.css';

const STATUS_TEXT = { open: 'Open', answered: 'Answered', closed: 'Closed' } as const;

export function SupportStatusBadge({ status }: { status: SupportCaseView['status'] }) {
  return <span className={`badge support-status support-status-${status}`}>{STATUS_TEXT[status]}</span>;
}
