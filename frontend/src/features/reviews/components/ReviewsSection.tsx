import { MessageSquarePlus } from 'lucide-react';
import { useState } from 'react';
import { messageOf } from '../../../api/client';
import type { Product } from '../../../api/types';
import { useAuth } from '../../identity';
import { useRatingSummary, useReviews, useWriteReview } from '../api/review-queries';
import { useToast } from '../../../state/toast';
import { RatingSummaryPanel } from './RatingSummaryPanel';
import { LazyReviewForm } from './LazyReviewForm';
import { ReviewItem } from './ReviewItem';
import { Button, ButtonLink } from '../../../components/ui/Button';
import './reviews.css';

export function ReviewsSection({ product }: { product: Product }) {
  const { user, isLoading: authLoading } = useAuth();
  const reviews = useReviews(product.id);
  const summary = useRatingSummary(product.id);
  const write = useWriteReview(product.id);
  const toast = useToast();
  const [writing, setWriting] = useState(false);

  const ownReview = user ? reviews.data?.find((review) => review.userId === user.id) : undefined;
  // The viewer's own review comes first, where they can find it to edit.
  const ordered = reviews.data && ownReview ? [ownReview, ...reviews.data.filter((review) => review !== ownReview)] : reviews.data;

  return (
    <section className="reviews-section" id="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">Customer Reviews</h2>
      <div className="reviews-layout">
        <div className="reviews-aside stack">
          <RatingSummaryPanel summary={summary.data} reviews={reviews.data} />
          {summary.isError && <p className="field-error">The rating summary could not be loaded.</p>}
          {!authLoading && !user && (
            <p className="card reviews-cta">
              <ButtonLink to="/auth" variant="outline" block>Log in to write a review</ButtonLink>
            </p>
          )}
          {user && reviews.isSuccess && !ownReview && !writing && (
            <Button variant="primary" block onClick={() => setWriting(true)}>
              <MessageSquarePlus size={18} aria-hidden /> Write a Review
            </Button>
          )}
          {ownReview && <p className="muted small">You have reviewed this product. You can edit or delete your review below.</p>}
        </div>
        <div className="reviews-main stack">
          {user && writing && !ownReview && (
            <LazyReviewForm
              heading={`Review ${product.name}`}
              submitLabel="Submit Review"
              submitting={write.isPending}
              onCancel={() => setWriting(false)}
              onSubmit={(input) =>
                write.mutate(input, {
                  onSuccess: () => {
                    setWriting(false);
                    toast({ title: 'Review Submitted', description: 'Thank you for sharing your experience.', variant: 'success' });
                  },
                  onError: (error) => toast({ title: 'Error', description: messageOf(error, 'Failed to submit review'), variant: 'destructive' }),
                })
              }
            />
          )}
          {reviews.isPending && (
            <div className="stack" role="status" aria-busy="true" aria-label="Loading reviews">
              <div className="skeleton review-skeleton" />
              <div className="skeleton review-skeleton" />
            </div>
          )}
          {reviews.isError && (
            <div className="notice notice-danger row between wrap gap" role="alert">
              <span>Reviews could not be loaded. {messageOf(reviews.error, '')}</span>
              <Button variant="outline" size="sm" onClick={() => reviews.refetch()}>Try again</Button>
            </div>
          )}
          {ordered && ordered.length === 0 && (
            <div className="empty-state review-empty">
              <p><strong>No reviews yet</strong></p>
              <p className="muted">Be the first to share your research experience with this product.</p>
            </div>
          )}
          {ordered && ordered.length > 0 && (
            <ul className="review-list" aria-label="Reviews">
              {ordered.map((review) => (
                <ReviewItem key={review.id} review={review} viewer={user} />
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
