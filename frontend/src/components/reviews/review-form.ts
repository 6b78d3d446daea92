import type { ReviewInput } from '../../api/types';
import '../../lib/zod-without-eval';
import { reviewInputSchema } from '../../../../backend/src/reviews/contract/review-input';
import { ReviewDraft, ReviewErrors, ReviewField, splitPoints } from './review-draft';

/** Checked with the server's own schema, so the form and the API give the same messages. */
export function validateReview(draft: ReviewDraft): { input: ReviewInput; errors: null } | { input: null; errors: ReviewErrors } {
  const parsed = reviewInputSchema.safeParse({ ...draft, pros: splitPoints(draft.pros), cons: splitPoints(draft.cons) });
  if (parsed.success) return { input: parsed.data, errors: null };
  const errors: ReviewErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ReviewField;
    errors[field] ??= issue.message;
  }
  return { input: null, errors };
}
