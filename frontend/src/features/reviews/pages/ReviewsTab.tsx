import { BadgeCheck, EyeOff, Eye, MessageSquareReply } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { answerSchema, hideSchema } from '../../../../../backend/src/reviews/contract/review-input';
import { messageOf } from '../../../api/client';
import { Stars } from '../../../components/ui/Stars';
import { Field, useZodForm } from '../../../components/ui/form';
import { Pager } from '../../../components/ui/Pager';
import { useLastPageWhenPastTheEnd, useListParams } from '../../../hooks/useListParams';
import { countOf } from '../../../lib/paging';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { AdminReview, ReviewVisibility, useAdminReviews, useAnswerReview, useHideReview, useShowReview } from '../api/review-queries';
import { useRefetchWhenShown } from '../../../hooks/useRefetchWhenShown';
import { AdminDialog } from '../../../components/ui/Dialog';
import { LoadError } from '../../../components/ui/LoadError';
import { Button } from '../../../components/ui/Button';
import '../../../styles/admin-tools.css';
import { SkeletonList } from '../../../components/ui/SkeletonList';
import { Badge } from '../../../components/ui/Badge';

type StatusFilter = ReviewVisibility | 'all';
const STATUS_FILTERS: StatusFilter[] = ['all', 'visible', 'hidden'];
/** Moderation's filter in the URL besides the page: /admin/reviews?status=hidden&page=2 (every review without it). */
const REVIEW_FILTERS = ['status'] as const;

const productName = (review: AdminReview) => review.productName ?? `Product #${review.productId} (removed)`;
const about = (review: AdminReview) => `“${review.title}” by ${review.user.fullName} on ${productName(review)}`;

function AnswerReviewDialog({ review, onClose }: { review: AdminReview; onClose(): void }) {
  const answer = useAnswerReview();
  const form = useZodForm(answerSchema, { defaultValues: { response: review.adminResponse ?? '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ response }) => answer.mutate({ reviewId: review.id, response }, { onSuccess: onClose }));
  return (
    <AdminDialog
      title={review.adminResponse ? 'Edit the Shop’s Response' : 'Answer the Review'}
      description={`${about(review)}. The response shows under the review on the product page, with today’s date.`}
      submitLabel="Publish response"
      busy={answer.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <blockquote className="admin-review-quote">{review.content}</blockquote>
      <Field label="Response" required error={errors.response?.message}>
        <textarea className="textarea" maxLength={2000} {...form.register('response')} />
      </Field>
    </AdminDialog>
  );
}

function HideReviewDialog({ review, onClose }: { review: AdminReview; onClose(): void }) {
  const hide = useHideReview();
  const form = useZodForm(hideSchema, { defaultValues: { reason: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ reason }) => hide.mutate({ reviewId: review.id, reason }, { onSuccess: onClose }));
  return (
    <AdminDialog
      title="Hide the Review"
      description={`${about(review)}. Shoppers will no longer see it and it leaves the product's rating; its author still sees it, marked hidden. You can show it again at any time.`}
      submitLabel="Hide review"
      submitVariant="danger"
      busy={hide.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Reason" required hint="Kept with the review and in the audit log." error={errors.reason?.message}>
        <textarea className="textarea" maxLength={500} {...form.register('reason')} />
      </Field>
    </AdminDialog>
  );
}

function ReviewCard({ review, onAnswer, onHide }: { review: AdminReview; onAnswer(): void; onHide(): void }) {
  const show = useShowReview();
  const titleId = useId();
  return (
    <li>
      <article className={`card admin-card admin-review ${review.hidden ? 'admin-review-hidden' : ''}`} aria-labelledby={titleId}>
        <header className="admin-review-header">
          <div className="admin-review-heading">
            <Stars rating={review.rating} label={`Rated ${review.rating} out of 5`} />
            <h3 id={titleId}>{review.title}</h3>
          </div>
          {review.hidden ? <Badge tone="destructive">Hidden</Badge> : <Badge tone="success">Visible</Badge>}
        </header>
        <p className="admin-review-meta small muted">
          <span>
            by <span className="admin-strong">{review.user.fullName}</span>
          </span>
          {review.verified && (
            <span className="admin-review-verified">
              <BadgeCheck size={14} aria-hidden /> Verified purchase
            </span>
          )}
          <span>
            on{' '}
            {review.productName ? <Link to={`/products/${review.productId}`}>{review.productName}</Link> : productName(review)}
          </span>
          <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
        </p>
        <p className="admin-review-content">{review.content}</p>
        {(review.pros.length > 0 || review.cons.length > 0) && (
          <p className="small admin-review-points">
            {review.pros.length > 0 && (
              <span>
                <span className="admin-strong">Pros:</span> {review.pros.join(', ')}
              </span>
            )}
            {review.cons.length > 0 && (
              <span>
                <span className="admin-strong">Cons:</span> {review.cons.join(', ')}
              </span>
            )}
          </p>
        )}
        {review.hidden && (
          <p className="notice notice-danger small admin-review-reason">
            <span className="admin-strong">Hidden from shoppers{review.hiddenAt ? ` since ${formatDateTime(review.hiddenAt)}` : ''}:</span>{' '}
            {review.hiddenReason ?? 'no reason recorded.'}
          </p>
        )}
        {review.adminResponse && (
          <div className="admin-review-response">
            <p className="small admin-strong">
              Shop’s response
              {review.adminResponseAt && (
                <span className="muted">
                  {' '}
                  · <time dateTime={review.adminResponseAt}>{formatDate(review.adminResponseAt)}</time>
                </span>
              )}
            </p>
            <p>{review.adminResponse}</p>
          </div>
        )}
        <div className="row gap wrap admin-review-actions">
          <Button variant="outline" size="sm" onClick={onAnswer}>
            <MessageSquareReply size={16} aria-hidden /> {review.adminResponse ? 'Edit response' : 'Answer'}
            <span className="sr-only"> to {about(review)}</span>
          </Button>
          {review.hidden ? (
            <Button variant="outline" size="sm" disabled={show.isPending} onClick={() => show.mutate({ reviewId: review.id })}>
              <Eye size={16} aria-hidden /> Show again<span className="sr-only"> {about(review)}</span>
            </Button>
          ) : (
            <Button variant="outline" size="sm" className="admin-danger-text" onClick={onHide}>
              <EyeOff size={16} aria-hidden /> Hide<span className="sr-only"> {about(review)}</span>
            </Button>
          )}
        </div>
      </article>
    </li>
  );
}

/** Moderation of every product's reviews: answer them, hide them with a reason, show them again. */
export function ReviewsTab() {
  const section = useRef<HTMLElement>(null);
  const params = useListParams(REVIEW_FILTERS);
  const status = STATUS_FILTERS.find((filter) => filter === params.filters.status) ?? 'all';
  const reviews = useAdminReviews(status, params.page, params.pageSize);
  useLastPageWhenPastTheEnd(reviews.data, reviews.isPlaceholderData, params.setPage);
  useRefetchWhenShown(section, () => reviews.refetch());
  const [action, setAction] = useState<{ kind: 'answer' | 'hide'; review: AdminReview } | null>(null);
  const statusId = useId();
  const list = reviews.data?.items ?? [];

  return (
    <section ref={section} className="stack admin-section" aria-labelledby="reviews-heading">
      <div>
        <h2 id="reviews-heading">Review Moderation</h2>
        <p className="muted">Every product’s reviews, newest first. Answer them, or hide those that break the rules: a hidden review leaves the product page and its rating.</p>
      </div>
      <div className="admin-filters">
        <div className="field">
          <label htmlFor={statusId}>Show</label>
          <select id={statusId} className="select" value={status} onChange={(event) => params.setFilters({ status: event.target.value === 'all' ? '' : event.target.value })}>
            <option value="all">All reviews</option>
            <option value="visible">Visible reviews</option>
            <option value="hidden">Hidden reviews</option>
          </select>
        </div>
      </div>
      <p className="muted small" aria-live="polite">
        {reviews.data ? countOf(reviews.data, 'review', 'reviews') : ' '}
      </p>
      {reviews.isError ? (
        <LoadError message={messageOf(reviews.error, 'Failed to load reviews.')} onRetry={() => reviews.refetch()} />
      ) : reviews.isLoading ? (
        <SkeletonList className="admin-review-list" itemClassName="card admin-card stack" lines={3} />
      ) : list.length === 0 ? (
        <p className="card admin-empty">{status === 'all' ? 'No reviews yet.' : `No ${status} reviews.`}</p>
      ) : (
        <div className={`stack ${reviews.isPlaceholderData ? 'is-stale' : ''}`}>
          <ul className="admin-review-list" aria-label="Reviews">
            {list.map((review) => (
              <ReviewCard key={review.id} review={review} onAnswer={() => setAction({ kind: 'answer', review })} onHide={() => setAction({ kind: 'hide', review })} />
            ))}
          </ul>
          {reviews.data && <Pager label="Review pages" list={reviews.data} onPage={params.setPage} top={section} />}
        </div>
      )}
      {action?.kind === 'answer' && <AnswerReviewDialog review={action.review} onClose={() => setAction(null)} />}
      {action?.kind === 'hide' && <HideReviewDialog review={action.review} onClose={() => setAction(null)} />}
    </section>
  );
}
