import type { Review } from '../../../api/types';

/** The review form as typed: pros and cons are one comma-separated line each. */
export interface ReviewDraft {
  rating: number;
  title: string;
  content: string;
  pros: string;
  cons: string;
}

export type ReviewField = keyof ReviewDraft;
export type ReviewErrors = Partial<Record<ReviewField, string>>;

export const EMPTY_DRAFT: ReviewDraft = { rating: 0, title: '', content: '', pros: '', cons: '' };

/** Spec §5: comma-separated text becomes a list of trimmed, non-empty entries. */
export function splitPoints(text: string): string[] {
  return text
    .split(',')
    .map((point) => point.trim())
    .filter((point) => point.length > 0);
}

export function draftOf(review: Review): ReviewDraft {
  return { rating: review.rating, title: review.title, content: review.content, pros: review.pros.join(', '), cons: review.cons.join(', ') };
}
