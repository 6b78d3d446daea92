import { BadgeCheck, Pencil, Store, ThumbsDown, ThumbsUp, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { messageOf } from '../../../api/client';
import type { CurrentUser, Review } from '../../../api/types';
import { useDeleteReview, useUpdateReview, useVoteReview } from '../api/review-queries';
import { useToast } from '../../../state/toast';
import { Stars } from '../../../components/ui/Stars';
import { draftOf } from './review-draft';
import { LazyReviewForm } from './LazyReviewForm';
import { formatDate } from '../../../lib/dates';
import { Button } from '../../../components/ui/Button';
import { Badge } from '../../../components/ui/Badge';

const FAILED = 'Failed to submit review';

export function ReviewItem({ review, viewer }: { review: Review; viewer: CurrentUser | null }) {
  const toast = useToast();
  const update = useUpdateReview();
  const remove = useDeleteReview();
  const vote = useVoteReview();
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const isOwn = viewer !== null && viewer.id === review.userId;
  const failed = (error: unknown) => toast({ title: 'Error', description: messageOf(error, FAILED), variant: 'destructive' });

  if (editing) {
    return (
      <li className="review review-editing">
        <LazyReviewForm
          heading="Edit your review"
          initial={draftOf(review)}
          submitLabel="Save Changes"
          submitting={update.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={(input) =>
            update.mutate(
              { reviewId: review.id, input },
              {
                onSuccess: () => {
                  setEditing(false);
                  toast({ title: 'Review Updated', description: 'Your changes have been saved.', variant: 'success' });
                },
                onError: failed,
              },
            )
          }
        />
      </li>
    );
  }

  return (
    <li className="review" aria-label={`Review by ${review.user.fullName}`}>
      <header className="review-header">
        <div className="review-author">
          <span className="review-avatar" aria-hidden>{review.user.fullName.charAt(0).toUpperCase()}</span>
          <div>
            <p className="review-author-name">
              {review.user.fullName}
              {isOwn && <span className="muted small"> (you)</span>}
              {review.hidden && <Badge tone="out" className="review-hidden">Hidden from shoppers</Badge>}
            </p>
            <p className="muted small review-meta">
              <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
              {review.verified && (
                <span className="review-verified">
                  <BadgeCheck size={14} aria-hidden /> Verified Purchase
                </span>
              )}
            </p>
          </div>
        </div>
        <Stars rating={review.rating} label={`Rated ${review.rating} out of 5`} />
      </header>
      <h3 className="review-title">{review.title}</h3>
      <p className="review-content">{review.content}</p>
      {(review.pros.length > 0 || review.cons.length > 0) && (
        <div className="review-points">
          {review.pros.length > 0 && (
            <div>
              <p className="review-points-heading pros">Pros</p>
              <ul>{review.pros.map((point, index) => <li key={index}>{point}</li>)}</ul>
            </div>
          )}
          {review.cons.length > 0 && (
            <div>
              <p className="review-points-heading cons">Cons</p>
              <ul>{review.cons.map((point, index) => <li key={index}>{point}</li>)}</ul>
            </div>
          )}
        </div>
      )}
      {review.adminResponse && (
        <div className="review-response">
          <p className="review-response-heading">
            <Store size={14} aria-hidden /> Response from the shop
            {review.adminResponseAt && (
              <span className="muted small"> · <time dateTime={review.adminResponseAt}>{formatDate(review.adminResponseAt)}</time></span>
            )}
          </p>
          <p>{review.adminResponse}</p>
        </div>
      )}
      <footer className="review-footer">
        {viewer && !isOwn ? (
          <div className="row gap wrap" role="group" aria-label="Was this review helpful?">
            <span className="muted small">Helpful?</span>
            <button type="button" className="chip review-vote" aria-pressed={review.myVote === true} disabled={vote.isPending} onClick={() => vote.mutate({ reviewId: review.id, isHelpful: true }, { onError: failed })}>
              <ThumbsUp size={14} aria-hidden /> Yes ({review.helpful})
            </button>
            <button type="button" className="chip review-vote" aria-pressed={review.myVote === false} disabled={vote.isPending} onClick={() => vote.mutate({ reviewId: review.id, isHelpful: false }, { onError: failed })}>
              <ThumbsDown size={14} aria-hidden /> No ({review.unhelpful})
            </button>
          </div>
        ) : (
          <p className="muted small review-votes">
            <ThumbsUp size={14} aria-hidden /> {review.helpful} found this helpful · <ThumbsDown size={14} aria-hidden /> {review.unhelpful} did not
          </p>
        )}
        {isOwn && !confirmingDelete && (
          <div className="row gap">
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil size={14} aria-hidden /> Edit
            </Button>
            <Button variant="ghost" size="sm" className="review-delete" onClick={() => setConfirmingDelete(true)}>
              <Trash2 size={14} aria-hidden /> Delete
            </Button>
          </div>
        )}
      </footer>
      {isOwn && confirmingDelete && (
        <div className="notice notice-danger review-confirm" role="alertdialog" aria-label="Delete your review?" aria-describedby={`confirm-${review.id}`}>
          <p id={`confirm-${review.id}`}>Delete your review? This cannot be undone.</p>
          <div className="row gap wrap">
            <Button
              variant="danger"
              size="sm"
              disabled={remove.isPending}
              autoFocus
              // The promise, unlike mutate's callbacks, settles after this item has left the refreshed list.
              onClick={() =>
                remove.mutateAsync(review.id).then(
                  () => toast({ title: 'Review Deleted', description: 'Your review has been removed.', variant: 'success' }),
                  (error: unknown) => {
                    setConfirmingDelete(false);
                    failed(error);
                  },
                )
              }
            >
              {remove.isPending ? 'Deleting...' : 'Delete review'}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setConfirmingDelete(false)} disabled={remove.isPending}>
              Keep it
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
