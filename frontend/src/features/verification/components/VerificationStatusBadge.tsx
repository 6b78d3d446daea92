import type { VerificationStatus } from '../../../../../backend/src/customers/contract/verification.events';

const BADGES: Record<VerificationStatus, { className: string; label: string }> = {
  submitted: { className: 'badge badge-low-stock', label: 'Waiting for review' },
  approved: { className: 'badge badge-success', label: 'Approved' },
  rejected: { className: 'badge badge-sale', label: 'Rejected' },
};

export function VerificationStatusBadge({ status }: { status: VerificationStatus }) {
  const { className, label } = BADGES[status];
  return <span className={className}>{label}</span>;
}
