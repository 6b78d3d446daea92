import { ArrowLeft, LifeBuoy, MessageSquarePlus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { SUPPORT_CATEGORY_LABELS, supportReplyInputSchema } from '../../../../../backend/src/customers/contract/support-input';
import { ApiError, messageOf } from '../../../api/client';
import { useRedirectToLoginWhenSignedOut } from '../../identity';
import { Field, useZodForm } from '../../../components/ui/form';
import { Pager } from '../../../components/ui/Pager';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { spansPages } from '../../../lib/paging';
import { useToast } from '../../../state/toast';
import { SupportStatusBadge } from '../components/SupportCaseParts';
import { AttachmentPicker, AttachmentThumbnails, useImagePicker } from '../../media';
import { SupportCaseDialog } from '../components/SupportCaseDialog';
import { useReplyToSupportCase, useSupportCase, useSupportCases } from '../api/support-queries';
import { Button } from '../../../components/ui/Button';

const replyFieldsSchema = supportReplyInputSchema.omit({ attachments: true });

/** The customer's cases, most recently active first, a page at a time; each opens its thread. */
export function SupportCaseList() {
  const top = useRef<HTMLDivElement>(null);
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, error, refetch } = useSupportCases(page);
  if (isLoading) {
    return (
      <div className="stack" role="status" aria-busy="true" aria-label="Loading your support cases">
        {[0, 1].map((row) => (
          <div key={row} className="skeleton support-skeleton" />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <div className="notice notice-danger row between wrap gap" role="alert">
        <span>{messageOf(error, 'We could not load your support cases.')}</span>
        <Button variant="outline" size="sm" onClick={() => refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!data || data.total === 0) return <p className="muted">You have no support cases. Open one whenever something is not right with an order or a product.</p>;
  return (
    <div ref={top} className="stack">
      <ul className="support-case-list" aria-label="Your support cases">
        {data.items.map((supportCase) => (
          <li key={supportCase.id}>
            <Link to={`/dashboard/support/${supportCase.id}`} className="support-case-link">
              <span className="support-case-link-main">
                <span className="support-case-subject">{supportCase.subject}</span>
                <span className="muted small">
                  #{supportCase.id} · {SUPPORT_CATEGORY_LABELS[supportCase.category]} · updated {formatDate(supportCase.updatedAt)}
                  {supportCase.messages.length > 0 && ` · ${supportCase.messages.length} ${supportCase.messages.length === 1 ? 'reply' : 'replies'}`}
                </span>
              </span>
              <SupportStatusBadge status={supportCase.status} />
            </Link>
          </li>
        ))}
      </ul>
      {spansPages(data) && <Pager label="Support case pages" list={data} onPage={setPage} top={top} />}
    </div>
  );
}

function ReplyForm({ caseId }: { caseId: number }) {
  const reply = useReplyToSupportCase(caseId);
  const toast = useToast();
  const picker = useImagePicker();
  const [sessionEnded, setSessionEnded] = useState(false);
  useRedirectToLoginWhenSignedOut(sessionEnded);
  const form = useZodForm(replyFieldsSchema, { defaultValues: { message: '' } });
  const submit = form.handleSubmit(({ message }) =>
    reply.mutate(
      { message, images: picker.images },
      {
        onSuccess: () => {
          form.reset({ message: '' });
          picker.clear();
          toast({ title: 'Reply sent', variant: 'success' });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.isUnauthorized) return setSessionEnded(true);
          toast({ title: 'Error', description: messageOf(error, 'Failed to send your reply. Please try again.'), variant: 'destructive' });
        },
      },
    ),
  );
  return (
    <form className="card stack support-reply" noValidate onSubmit={submit} aria-label="Reply to this case">
      <Field label="Your reply" required error={form.formState.errors.message?.message}>
        <textarea className="textarea" rows={4} maxLength={5000} {...form.register('message')} />
      </Field>
      <AttachmentPicker picker={picker} disabled={reply.isPending} />
      <div className="row support-reply-actions">
        <Button type="submit" variant="primary" disabled={reply.isPending}>
          {reply.isPending ? 'Sending...' : 'Send reply'}
        </Button>
      </div>
    </form>
  );
}

function SupportCaseThread({ caseId }: { caseId: number }) {
  const supportCase = useSupportCase(caseId);
  const headingId = useId();
  usePageTitle(supportCase.data ? `Support case #${caseId}` : 'Support case');
  if (supportCase.isLoading) return <div className="skeleton support-skeleton support-skeleton-tall" role="status" aria-busy="true" aria-label="Loading the support case" />;
  if (supportCase.isError || !supportCase.data) {
    const notFound = supportCase.error instanceof ApiError && supportCase.error.status === 404;
    return (
      <div className="notice notice-danger" role="alert">
        {notFound ? 'This support case does not exist.' : messageOf(supportCase.error, 'We could not load this support case.')}{' '}
        <Link to="/dashboard/support">See your support cases</Link>
      </div>
    );
  }
  const view = supportCase.data;
  return (
    <article className="stack support-thread" aria-labelledby={headingId}>
      <header className="support-thread-header">
        <div className="support-thread-title">
          <h1 id={headingId}>{view.subject}</h1>
          <p className="muted small">
            Case #{view.id} · {SUPPORT_CATEGORY_LABELS[view.category]} · {view.priority} priority
            {view.orderId !== null && ` · order #${view.orderId}`} · opened {formatDateTime(view.createdAt)}
          </p>
        </div>
        <SupportStatusBadge status={view.status} />
      </header>
      <ol className="support-messages" aria-label="Conversation">
        <li className="support-message support-message-customer">
          <p className="support-message-meta small">
            <span className="support-message-author">You</span> · <time dateTime={view.createdAt}>{formatDateTime(view.createdAt)}</time>
          </p>
          <p className="support-message-text">{view.description}</p>
          <AttachmentThumbnails attachments={view.attachments} label="Images you attached" />
        </li>
        {view.messages.map((message) => (
          <li key={message.id} className={`support-message support-message-${message.authorRole}`}>
            <p className="support-message-meta small">
              <span className="support-message-author">{message.authorRole === 'admin' ? 'Support team' : 'You'}</span> ·{' '}
              <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
            </p>
            <p className="support-message-text">{message.message}</p>
            <AttachmentThumbnails attachments={message.attachments} label={message.authorRole === 'admin' ? 'Images from the support team' : 'Images you attached'} />
          </li>
        ))}
      </ol>
      {view.status === 'closed' ? (
        <p className="notice">This case was closed{view.closedAt ? ` on ${formatDate(view.closedAt)}` : ''}. If you need more help, please open a new case.</p>
      ) : (
        <ReplyForm caseId={view.id} />
      )}
    </article>
  );
}

/** `/dashboard/support` (the list) and `/dashboard/support/:id` (one case's conversation with the shop). */
export default function SupportCasesPage() {
  const { id } = useParams();
  const caseId = id !== undefined && /^\d{1,9}$/.test(id) ? Number(id) : null;
  const [creating, setCreating] = useState(false);
  usePageTitle('Support Cases');
  return (
    <div className="section dashboard support-page">
      <div className="container stack">
        <Link to={caseId === null ? '/dashboard' : '/dashboard/support'} className="back-link">
          <ArrowLeft size={16} aria-hidden /> {caseId === null ? 'Back to dashboard' : 'All support cases'}
        </Link>
        {id !== undefined && caseId === null ? (
          <p className="notice notice-danger" role="alert">
            This support case does not exist. <Link to="/dashboard/support">See your support cases</Link>
          </p>
        ) : caseId !== null ? (
          <SupportCaseThread caseId={caseId} />
        ) : (
          <section className="card stack" aria-labelledby="support-cases-heading">
            <div className="row between wrap gap">
              <h1 id="support-cases-heading" className="support-page-title">
                <LifeBuoy size={24} aria-hidden /> Support Cases
              </h1>
              <Button variant="primary" onClick={() => setCreating(true)}>
                <MessageSquarePlus size={18} aria-hidden /> New Support Case
              </Button>
            </div>
            <SupportCaseList />
          </section>
        )}
      </div>
      <SupportCaseDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
