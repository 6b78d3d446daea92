import { FormEvent, useId, useRef, useState } from 'react';
import type { ReviewInput } from '../../api/types';
import { EMPTY_DRAFT, ReviewDraft, ReviewErrors, ReviewField } from './review-draft';
import { validateReview } from './review-form';
import { StarRatingInput } from './StarRatingInput';

const FIELD_ORDER: ReviewField[] = ['rating', 'title', 'content', 'pros', 'cons'];

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
  const [draft, setDraft] = useState<ReviewDraft>(initial);
  const [errors, setErrors] = useState<ReviewErrors>({});
  const form = useRef<HTMLFormElement>(null);

  const set = <Field extends ReviewField>(field: Field, value: ReviewDraft[Field]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateReview(draft);
    if (result.errors) {
      setErrors(result.errors);
      const first = FIELD_ORDER.find((field) => result.errors[field]);
      form.current?.querySelector<HTMLElement>(`[data-field="${first}"] input, [data-field="${first}"] textarea`)?.focus();
      return;
    }
    onSubmit(result.input);
  };

  const errorId = (field: ReviewField) => `${id}-${field}-error`;
  const describedBy = (field: ReviewField, hint?: string) => [errors[field] ? errorId(field) : null, hint].filter(Boolean).join(' ') || undefined;

  return (
    <form ref={form} className="review-form card stack" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{heading}</h3>
      <div data-field="rating">
        <StarRatingInput value={draft.rating} onChange={(rating) => set('rating', rating)} error={errors.rating} errorId={errorId('rating')} />
      </div>
      <div className="field" data-field="title">
        <label htmlFor={`${id}-title`}>Title</label>
        <input id={`${id}-title`} className="input" value={draft.title} maxLength={255} onChange={(event) => set('title', event.target.value)} aria-invalid={errors.title ? true : undefined} aria-describedby={describedBy('title')} placeholder="Sum up your experience" />
        {errors.title && <p id={errorId('title')} className="field-error">{errors.title}</p>}
      </div>
      <div className="field" data-field="content">
        <label htmlFor={`${id}-content`}>Your review</label>
        <textarea id={`${id}-content`} className="textarea" rows={5} value={draft.content} onChange={(event) => set('content', event.target.value)} aria-invalid={errors.content ? true : undefined} aria-describedby={describedBy('content', `${id}-content-hint`)} />
        <p id={`${id}-content-hint`} className="muted small">At least 10 characters. Describe purity, handling, documentation and delivery; no medical claims.</p>
        {errors.content && <p id={errorId('content')} className="field-error">{errors.content}</p>}
      </div>
      <div className="review-form-points">
        <div className="field" data-field="pros">
          <label htmlFor={`${id}-pros`}>Pros (optional)</label>
          <input id={`${id}-pros`} className="input" value={draft.pros} onChange={(event) => set('pros', event.target.value)} aria-invalid={errors.pros ? true : undefined} aria-describedby={describedBy('pros', `${id}-points-hint`)} placeholder="e.g. fast shipping, clear COA" />
          {errors.pros && <p id={errorId('pros')} className="field-error">{errors.pros}</p>}
        </div>
        <div className="field" data-field="cons">
          <label htmlFor={`${id}-cons`}>Cons (optional)</label>
          <input id={`${id}-cons`} className="input" value={draft.cons} onChange={(event) => set('cons', event.target.value)} aria-invalid={errors.cons ? true : undefined} aria-describedby={describedBy('cons', `${id}-points-hint`)} placeholder="e.g. price" />
          {errors.cons && <p id={errorId('cons')} className="field-error">{errors.cons}</p>}
        </div>
      </div>
      <p id={`${id}-points-hint`} className="muted small">Separate several pros or cons with commas.</p>
      <div className="row gap wrap">
        <button type="submit" className="button button-primary" disabled={submitting}>
          {submitting ? 'Saving...' : submitLabel}
        </button>
        <button type="button" className="button button-outline" onClick={onCancel} disabled={submitting}>
          Cancel
        </button>
      </div>
    </form>
  );
}
