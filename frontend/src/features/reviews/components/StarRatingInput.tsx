import { Star } from 'lucide-react';
import { Ref, useId } from 'react';

/**
 * Five native radio buttons drawn as stars: arrow keys change the rating, as in any radio group.
 * `inputRef` is the first star's, so the form can move the focus to the rating when it is missing.
 */
export function StarRatingInput({ value, onChange, onBlur, inputRef, error, errorId }: { value: number; onChange(rating: number): void; onBlur?(): void; inputRef?: Ref<HTMLInputElement>; error?: string; errorId: string }) {
  const name = useId();
  return (
    <fieldset className="star-input" aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">Your rating</legend>
      <div className="star-input-options">
        {[1, 2, 3, 4, 5].map((rating) => (
          <label key={rating} className="star-input-option">
            <input
              ref={rating === 1 ? inputRef : undefined}
              type="radio"
              name={name}
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
              onBlur={onBlur}
              aria-invalid={error ? true : undefined}
            />
            <Star size={28} aria-hidden className={rating <= value ? 'star-filled' : 'star-empty'} />
            <span className="sr-only">{rating === 1 ? '1 star' : `${rating} stars`}</span>
          </label>
        ))}
        <span className="muted small star-input-text" aria-hidden>{value ? `${value} of 5` : 'Choose a rating'}</span>
      </div>
      {error && <p id={errorId} className="field-error">{error}</p>}
    </fieldset>
  );
}
