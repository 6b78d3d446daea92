import { Star } from 'lucide-react';

export function Stars({ rating, size = 14, label }: { rating: number; size?: number; label?: string }) {
  const filled = Math.round(rating);
  return (
    <span className="stars" role="img" aria-label={label ?? `Rated ${rating.toFixed(1)} out of 5`}>
      {[1, 2, 3, 4, 5].map((position) => (
        <Star key={position} size={size} aria-hidden className={position <= filled ? 'star-filled' : 'star-empty'} />
      ))}
    </span>
  );
}
