import { Check, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { verificationRejectionSchema } from '../../../../../backend/src/customers/contract/verification-input';
import { messageOf } from '../../../api/client';
import { Button } from '../../../components/ui/Button';
import { AdminDialog } from '../../../components/ui/Dialog';
import { Field, useZodForm } from '../../../components/ui/form';
import { LoadError } from '../../../components/ui/LoadError';
import { Pager } from '../../../components/ui/Pager';
import { SkeletonList } from '../../../components/ui/SkeletonList';
import { useLastPageWhenPastTheEnd, useListParams } from '../../../hooks/useListParams';
import { useRefetchWhenShown } from '../../../hooks/useRefetchWhenShown';
import { formatDateTime } from '../../../lib/dates';
import { countOf } from '../../../lib/paging';
import { StatusFilter, useApproveVerification, useRejectVerification, useVerificationQueue, VerificationView } from '../api/verification-queries';
import { VerificationStatusBadge } from '../components/VerificationStatusBadge';
import '../../../styles/admin-tools.css';
import '../components/verification.css';
import { VerificationFacts } from '../components/VerificationFacts';

const STATUS_FILTERS: StatusFilter[] = ['submitted', 'approved', 'rejected', 'all'];
/** The queue's filter in the URL besides the page: /admin/verifications?status=rejected&page=2 (waiting ones without it). */
const QUEUE_FILTERS = ['status'] as const;

function RejectDialog({ verification, onClose }: { verification: VerificationView; onClose(): void }) {
  const reject = useRejectVerification();
  const form = useZodForm(verificationRejectionSchema, { defaultValues: { reason: '' } });
  return (
    <AdminDialog
      title={`Reject the verification of ${verification.customer.name}`}
      description="The customer is e-mailed the reason and may submit a new verification. Their orders wait until one is approved."
      submitLabel="Reject"
      submitVariant="danger"
      busy={reject.isPending}
      onSubmit={form.handleSubmit(({ reason }) => reject.mutate({ id: verification.id, reason }, { onSuccess: onClose }))}
      onClose={onClose}
    >
      <Field label="Reason (sent to the customer)" required error={form.formState.errors.reason?.message}>
        <textarea className="textarea" rows={3} maxLength={1000} {...form.register('reason')} />
      </Field>
    </AdminDialog>
  );
}

function VerificationCard({ verification, onReject }: { verification: VerificationView; onReject(): void }) {
  const titleId = useId();
  const approve = useApproveVerification();
  return (
    <li>
      <article className="card admin-card verification-card" aria-labelledby={titleId}>
        <header className="row between gap wrap">
          <h3 id={titleId}>{verification.customer.name}</h3>
          <VerificationStatusBadge status={verification.status} />
        </header>
        <div className="verification-card-body">
          <VerificationFacts
            verification={verification}
            className="verification-facts small"
            before={
              <>
                <dt>Account</dt>
                <dd>{verification.customer.email}</dd>
              </>
            }
            after={
              <>
                {verification.decidedAt && (
                  <>
                    <dt>Decided</dt>
                    <dd>{formatDateTime(verification.decidedAt)}</dd>
                  </>
                )}
                {verification.reason && (
                  <>
                    <dt>Reason</dt>
                    <dd>{verification.reason}</dd>
                  </>
                )}
              </>
            }
          />
          {verification.document && (
            <a href={verification.document.imageUrl} target="_blank" rel="noopener noreferrer">
              <img className="verification-document" src={verification.document.thumbnailUrl} alt={`Document sent by ${verification.customer.name}`} width={160} height={120} />
            </a>
          )}
        </div>
        {verification.status === 'submitted' && (
          <div className="row gap wrap">
            <Button variant="primary" size="sm" disabled={approve.isPending} onClick={() => approve.mutate(verification)}>
              <Check size={16} aria-hidden /> {approve.isPending ? 'Approving…' : 'Approve'}
              <span className="sr-only"> the verification of {verification.customer.name}</span>
            </Button>
            <Button variant="outline" size="sm" className="admin-danger-text" onClick={onReject}>
              <X size={16} aria-hidden /> Reject<span className="sr-only"> the verification of {verification.customer.name}</span>
            </Button>
          </div>
        )}
      </article>
    </li>
  );
}

/** Institution verifications: the longest-waiting first; approve one (its buyer's paid orders may ship) or reject it with a reason. */
export function VerificationsTab() {
  const section = useRef<HTMLElement>(null);
  const params = useListParams(QUEUE_FILTERS);
  const status = STATUS_FILTERS.find((filter) => filter === params.filters.status) ?? 'submitted';
  const queue = useVerificationQueue(status, params.page, params.pageSize);
  useLastPageWhenPastTheEnd(queue.data, queue.isPlaceholderData, params.setPage);
  useRefetchWhenShown(section, () => queue.refetch());
  const [rejecting, setRejecting] = useState<VerificationView | null>(null);
  const statusId = useId();
  const list = queue.data?.items ?? [];

  return (
    <section ref={section} className="stack admin-section" aria-labelledby="verifications-heading">
      <div>
        <h2 id="verifications-heading">Institution Verifications</h2>
        <p className="muted">What customers sent to show where they work, the longest-waiting first. A paid order ships only once its buyer is approved; the customer is e-mailed either way.</p>
      </div>
      <div className="admin-filters">
        <div className="field">
          <label htmlFor={statusId}>Show</label>
          <select id={statusId} className="select" value={status} onChange={(event) => params.setFilters({ status: event.target.value === 'submitted' ? '' : event.target.value })}>
            <option value="submitted">Waiting for review</option>
            <option value="approved">Approved</option>
            <option value="rejected">Rejected</option>
            <option value="all">All verifications</option>
          </select>
        </div>
      </div>
      <p className="muted small" aria-live="polite">
        {queue.data ? countOf(queue.data, 'verification', 'verifications') : ' '}
      </p>
      {queue.isError ? (
        <LoadError message={messageOf(queue.error, 'Failed to load verifications.')} onRetry={() => queue.refetch()} />
      ) : queue.isLoading ? (
        <SkeletonList className="verification-list" itemClassName="card admin-card stack" />
      ) : list.length === 0 ? (
        <p className="card admin-empty">{status === 'submitted' ? 'No verifications are waiting for review.' : status === 'all' ? 'No verifications yet.' : `No ${status} verifications.`}</p>
      ) : (
        <div className={`stack ${queue.isPlaceholderData ? 'is-stale' : ''}`}>
          <ul className="verification-list" aria-label="Verifications">
            {list.map((verification) => (
              <VerificationCard key={verification.id} verification={verification} onReject={() => setRejecting(verification)} />
            ))}
          </ul>
          {queue.data && <Pager label="Verification pages" list={queue.data} onPage={params.setPage} top={section} />}
        </div>
      )}
      {rejecting && <RejectDialog verification={rejecting} onClose={() => setRejecting(null)} />}
    </section>
  );
}
