import { ReactNode } from 'react';
import type { VerificationView } from '../api/verification-queries';
import { formatDateTime } from '../../../lib/dates';

/** What a customer sent for their institution verification: the same facts on their page and in staff's queue; `before` and `after` add the page's own. */
export function VerificationFacts({
  verification,
  className = 'verification-facts',
  before,
  after,
}: {
  verification: Pick<VerificationView, 'institution' | 'position' | 'institutionEmail' | 'submittedAt'>;
  className?: string;
  before?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <dl className={className}>
      {before}
      <dt>Institution</dt>
      <dd>{verification.institution}</dd>
      <dt>Position</dt>
      <dd>{verification.position}</dd>
      <dt>Institutional e-mail</dt>
      <dd>{verification.institutionEmail ?? '—'}</dd>
      <dt>Sent</dt>
      <dd>{formatDateTime(verification.submittedAt)}</dd>
      {after}
    </dl>
  );
}
