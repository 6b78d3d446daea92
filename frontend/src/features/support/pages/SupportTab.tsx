import { Lock, MessageSquareReply } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { SUPPORT_CATEGORY_LABELS, supportReplyInputSchema } from '../../../../../backend/src/customers/contract/support-input';
import type { SupportCaseView } from '../../../../../backend/src/customers/contract/support.views';
import { messageOf } from '../../../api/client';
import { Field, useZodForm } from '../../../components/ui/form';
import { Pager } from '../../../components/ui/Pager';
import { useLastPageWhenPastTheEnd, useListParams } from '../../../hooks/useListParams';
import { countOf } from '../../../lib/paging';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { SupportStatusBadge } from '../components/SupportCaseParts';
import { AttachmentThumbnails } from '../../media';
import { StatusFilter, useAnswerSupportCase, useCloseSupportCase, useSupportCase, useSupportQueue } from '../api/support-queue-queries';
import { InfoDialog } from '../../../components/ui/Dialog';
import { DetailSection, Facts } from '../../../components/ui/admin-ui';
import { LoadError } from '../../../components/ui/LoadError';
import { useRefetchWhenShown } from '../../../hooks/useRefetchWhenShown';
import { Button } from '../../../components/ui/Button';
import '../../../styles/admin-tools.css';
import './support-tab.css';
import { SkeletonList } from '../../../components/ui/SkeletonList';

const STATUS_FILTERS: StatusFilter[] = ['open', 'answered', 'closed', 'all'];
/** The queue's filter in the URL besides the page: /admin/support?status=answered&page=2 (open cases without it). */
const QUEUE_FILTERS = ['status'] as const;

const PRIORITY_BADGES = { low: 'badge', medium: 'badge', high: 'badge badge-low-stock', urgent: 'badge badge-sale' } as const;
const replyFieldsSchema = supportReplyInputSchema.omit({ attachments: true });

function SupportCaseDialog({ caseId, onClose }: { caseId: number; onClose(): void }) {
  const supportCase = useSupportCase(caseId);
  const answer = useAnswerSupportCase(caseId);
  const close = useCloseSupportCase(caseId);
  const form = useZodForm(replyFieldsSchema, { defaultValues: { message: '' } });
  const submit = form.handleSubmit(({ message }) => answer.mutate({ message }, { onSuccess: () => form.reset({ message: '' }) }));
  const view = supportCase.data;

  return (
    <InfoDialog
      title={view ? `Support Case #${view.id}` : `Support Case #${caseId}`}
      wide
      onClose={onClose}
      actions={
        view && view.status !== 'closed' ? (
          <Button variant="outline" className="admin-danger-text" disabled={close.isPending} onClick={() => close.mutate()}>
            <Lock size={16} aria-hidden /> {close.isPending ? 'Closing...' : 'Close case'}
          </Button>
        ) : null
      }
    >
      {supportCase.isError ? (
        <LoadError message={messageOf(supportCase.error, 'Failed to load the support case.')} onRetry={() => supportCase.refetch()} />
      ) : !view ? (
        <div className="stack" role="status" aria-busy="true" aria-label="Loading the support case">
          <span className="skeleton skeleton-line" />
          <span className="skeleton skeleton-line short" />
        </div>
      ) : (
        <>
          <div className="row between wrap gap">
            <p className="admin-strong support-admin-subject">{view.subject}</p>
            <SupportStatusBadge status={view.status} />
          </div>
          <Facts
            facts={[
              ['Customer', `${view.customer.name} (${view.customer.email})`],
              ['Category', SUPPORT_CATEGORY_LABELS[view.category]],
              ['Priority', <span className={PRIORITY_BADGES[view.priority]}>{view.priority}</span>],
              ['Order', view.orderId === null ? '—' : `#${view.orderId}`],
              ['Opened', formatDateTime(view.createdAt)],
            ]}
          />
          <DetailSection id={`support-${view.id}-thread`} title="Conversation">
            <ol className="support-admin-thread">
              <li className="support-admin-message">
                <p className="small muted">
                  <span className="admin-strong">{view.customer.name}</span> · {formatDateTime(view.createdAt)}
                </p>
                <p className="support-admin-text">{view.description}</p>
                <AttachmentThumbnails attachments={view.attachments} label="Images the customer attached" />
              </li>
              {view.messages.map((message) => (
                <li key={message.id} className={`support-admin-message ${message.authorRole === 'admin' ? 'support-admin-message-store' : ''}`}>
                  <p className="small muted">
                    <span className="admin-strong">{message.authorRole === 'admin' ? `${message.authorName} (store)` : message.authorName}</span> · {formatDateTime(message.createdAt)}
                  </p>
                  <p className="support-admin-text">{message.message}</p>
                  <AttachmentThumbnails attachments={message.attachments} label="Attached images" />
                </li>
              ))}
            </ol>
          </DetailSection>
          {view.status === 'closed' ? (
            <p className="notice small">Closed {view.closedAt ? formatDateTime(view.closedAt) : ''}: the case takes no more replies.</p>
          ) : (
            <form className="stack" noValidate onSubmit={submit} aria-label={`Reply to support case ${view.id}`}>
              <Field label="Reply to the customer" required error={form.formState.errors.message?.message}>
                <textarea className="textarea" rows={4} maxLength={5000} {...form.register('message')} />
              </Field>
              <div className="row support-admin-reply-actions">
                <Button type="submit" variant="primary" disabled={answer.isPending}>
                  <MessageSquareReply size={16} aria-hidden /> {answer.isPending ? 'Sending...' : 'Send reply'}
                </Button>
              </div>
            </form>
          )}
        </>
      )}
    </InfoDialog>
  );
}

function SupportCaseCard({ supportCase, onOpen }: { supportCase: SupportCaseView; onOpen(): void }) {
  const titleId = useId();
  const last = supportCase.messages.at(-1);
  return (
    <li>
      <article className="card admin-card support-admin-card" aria-labelledby={titleId}>
        <header className="row between gap support-admin-card-header">
          <h3 id={titleId}>
            #{supportCase.id} · {supportCase.subject}
          </h3>
          <SupportStatusBadge status={supportCase.status} />
        </header>
        <p className="small muted support-admin-meta">
          <span>{supportCase.customer.name}</span>
          <span>{SUPPORT_CATEGORY_LABELS[supportCase.category]}</span>
          <span className={PRIORITY_BADGES[supportCase.priority]}>{supportCase.priority}</span>
          {supportCase.orderId !== null && <span>Order #{supportCase.orderId}</span>}
          {supportCase.attachments.length > 0 && <span>{supportCase.attachments.length} images</span>}
          <time dateTime={supportCase.updatedAt}>Updated {formatDate(supportCase.updatedAt)}</time>
        </p>
        <p className="support-admin-excerpt">{last ? `${last.authorRole === 'admin' ? 'Store' : 'Customer'}: ${last.message}` : supportCase.description}</p>
        <div className="row gap wrap">
          <Button variant="outline" size="sm" onClick={onOpen}>
            <MessageSquareReply size={16} aria-hidden /> {supportCase.status === 'closed' ? 'View' : 'View & reply'}
            <span className="sr-only"> support case {supportCase.id}</span>
          </Button>
        </div>
      </article>
    </li>
  );
}

/** The support queue: the longest-waiting case first; read a case, answer it, close it. */
export function SupportTab() {
  const section = useRef<HTMLElement>(null);
  const params = useListParams(QUEUE_FILTERS);
  const status = STATUS_FILTERS.find((filter) => filter === params.filters.status) ?? 'open';
  const queue = useSupportQueue(status, params.page, params.pageSize);
  useLastPageWhenPastTheEnd(queue.data, queue.isPlaceholderData, params.setPage);
  useRefetchWhenShown(section, () => queue.refetch());
  const [openCaseId, setOpenCaseId] = useState<number | null>(null);
  const statusId = useId();
  const list = queue.data?.items ?? [];

  return (
    <section ref={section} className="stack admin-section" aria-labelledby="support-heading">
      <div>
        <h2 id="support-heading">Support Cases</h2>
        <p className="muted">Customers’ questions, the longest-waiting first. A reply marks the case answered and e-mails the customer; their answer opens it again.</p>
      </div>
      <div className="admin-filters">
        <div className="field">
          <label htmlFor={statusId}>Show</label>
          <select id={statusId} className="select" value={status} onChange={(event) => params.setFilters({ status: event.target.value === 'open' ? '' : event.target.value })}>
            <option value="open">Open (waiting for the store)</option>
            <option value="answered">Answered (waiting for the customer)</option>
            <option value="closed">Closed</option>
            <option value="all">All cases</option>
          </select>
        </div>
      </div>
      <p className="muted small" aria-live="polite">
        {queue.data ? countOf(queue.data, 'case', 'cases') : ' '}
      </p>
      {queue.isError ? (
        <LoadError message={messageOf(queue.error, 'Failed to load support cases.')} onRetry={() => queue.refetch()} />
      ) : queue.isLoading ? (
        <SkeletonList className="support-admin-list" itemClassName="card admin-card stack" />
      ) : list.length === 0 ? (
        <p className="card admin-empty">{status === 'all' ? 'No support cases yet.' : `No ${status} support cases.`}</p>
      ) : (
        <div className={`stack ${queue.isPlaceholderData ? 'is-stale' : ''}`}>
          <ul className="support-admin-list" aria-label="Support cases">
            {list.map((supportCase) => (
              <SupportCaseCard key={supportCase.id} supportCase={supportCase} onOpen={() => setOpenCaseId(supportCase.id)} />
            ))}
          </ul>
          {queue.data && <Pager label="Support case pages" list={queue.data} onPage={params.setPage} top={section} />}
        </div>
      )}
      {openCaseId !== null && <SupportCaseDialog caseId={openCaseId} onClose={() => setOpenCaseId(null)} />}
    </section>
  );
}
