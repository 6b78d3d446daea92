import { ComponentProps, useId } from 'react';
import { useController } from 'react-hook-form';
import type { ReviewInput } from '../../../api/types';
import { Field, useZodForm } from '../../../components/ui/form';
import { EMPTY_DRAFT, ReviewDraft } from './review-draft';
import { reviewFormSchema } from './review-form';
import { StarRatingInput } from './StarRatingInput';
import { Button } from '../../../components/ui/Button';

export function ReviewForm({
  heading,
  initial = EMPTY_DRAFT,
  submitLabel,
  submitting,
  onSubmit,
  onCancel,
}: {
  heading: string;
  initial?: ReviewDraft;
  submitLabel: string;
  submitting: boolean;
  onSubmit(input: ReviewInput): void;
  onCancel(): void;
}) {
  const id = useId();
  const form = useZodForm(reviewFormSchema, { defaultValues: initial });
  const { errors } = form.formState;
  // Registered first, so a missing rating is the first field to take the focus.
  const { field: rating } = useController({ control: form.control, name: 'rating' });
  const pointsHintId = `${id}-points-hint`;

  return (
    <form className="review-form card stack" onSubmit={form.handleSubmit(onSubmit)} noValidate aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{heading}</h3>
      <StarRatingInput value={rating.value} onChange={rating.onChange} onBlur={rating.onBlur} inputRef={rating.ref} error={errors.rating?.message} errorId={`${id}-rating-error`} />
      <Field label="Title" error={errors.title?.message}>
        <input className="input" maxLength={255} placeholder="Sum up your experience" {...form.register('title')} />
      </Field>
      <Field label="Your review" hint="At least 10 characters. Describe purity, handling, documentation and delivery; no medical claims." error={errors.content?.message}>
        <textarea className="textarea" rows={5} {...form.register('content')} />
      </Field>
      <div className="review-form-points">
        <Field label="Pros (optional)" error={errors.pros?.message}>
          <PointsInput sharedHintId={pointsHintId} placeholder="e.g. fast shipping, clear COA" {...form.register('pros')} />
        </Field>
        <Field label="Cons (optional)" error={errors.cons?.message}>
          <PointsInput sharedHintId={pointsHintId} placeholder="e.g. price" {...form.register('cons')} />
        </Field>
      </div>
      <p id={pointsHintId} className="muted small">Separate several pros or cons with commas.</p>
      <div className="row gap wrap">
        <Button type="submit" variant="primary" disabled={submitting}>
          {submitting ? 'Saving...' : submitLabel}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** A pros or cons input: described by its Field's error and by the hint the two share below them. */
function PointsInput({ sharedHintId, ...input }: Omit<ComponentProps<'input'>, 'className'> & { sharedHintId: string }) {
  return <input {...input} className="input" aria-describedby={[input['aria-describedby'], sharedHintId].filter(Boolean).join(' ')} />;
}
