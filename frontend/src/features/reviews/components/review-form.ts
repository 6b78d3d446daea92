import '../../../lib/zod-without-eval';
import { z } from 'zod';
import type { ReviewInput } from '../../../api/types';
import { reviewInputSchema } from '../../../../../backend/src/reviews/contract/review-input';
import { ReviewDraft, ReviewErrors, ReviewField, splitPoints } from './review-draft';

/** Comma-separated text, split as spec §5 says, then held to the server's own list rule; a problem belongs to the whole field. */
function pointsText(list: typeof reviewInputSchema.shape.pros) {
  return z.string().transform((text, context) => {
    const parsed = list.safeParse(splitPoints(text));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  });
}

/**
 * The review form as typed (a `ReviewDraft`), checked with the server's own schema, so the form and the
 * API give the same messages; it parses into the `ReviewInput` the API takes.
 */
export const reviewFormSchema = reviewInputSchema.extend({
  pros: pointsText(reviewInputSchema.shape.pros),
  cons: pointsText(reviewInputSchema.shape.cons),
});

export function validateReview(draft: ReviewDraft): { input: ReviewInput; errors: null } | { input: null; errors: ReviewErrors } {
  const parsed = reviewFormSchema.safeParse(draft);
  if (parsed.success) return { input: parsed.data, errors: null };
  const errors: ReviewErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ReviewField;
    errors[field] ??= issue.message;
  }
  return { input: null, errors };
}
