import type { RatingSummary, Review } from '../../../api/types';
import { Stars } from '../../../components/ui/Stars';

/** The server's summary, with star bars counted from the listed reviews. */
export function RatingSummaryPanel({ summary, reviews }: { summary: RatingSummary | undefined; reviews: Review[] | undefined }) {
  if (!summary) return <div className="rating-summary card skeleton" aria-hidden />;
  const counts = [5, 4, 3, 2, 1].map((stars) => ({ stars, count: reviews?.filter((review) => review.rating === stars).length ?? 0 }));
  const total = summary.totalReviews;
  return (
    <div className="rating-summary card" aria-label="Rating summary">
      <div className="rating-summary-score">
        <p className="rating-summary-average" data-testid="rating-average">{summary.averageRating.toFixed(1)}</p>
        <Stars rating={summary.averageRating} size={18} />
        <p className="muted small" data-testid="rating-total">
          {total === 1 ? 'Based on 1 review' : `Based on ${total} reviews`}
        </p>
      </div>
      <ul className="rating-bars" aria-label="Reviews by star rating">
        {counts.map(({ stars, count }) => (
          <li key={stars} className="rating-bar">
            <span className="rating-bar-label">{stars} {stars === 1 ? 'star' : 'stars'}</span>
            <span className="rating-bar-track" aria-hidden>
              <span className="rating-bar-fill" style={{ width: total ? `${(count / total) * 100}%` : '0%' }} />
            </span>
            <span className="rating-bar-count">{count}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
