import { DomainEvent } from '../../shared/contract/domain-event';

export interface ReviewContent {
  rating: number;
  title: string;
  content: string;
  pros: string[];
  cons: string[];
}

/** The author's name as it was when they wrote: part of the fact, so replays need no other read model. */
export type ReviewWritten = DomainEvent<'ReviewWritten', { reviewId: string; productId: number; authorId: string; authorName: string; verified: boolean } & ReviewContent>;
export type ReviewEdited = DomainEvent<'ReviewEdited', { reviewId: string; productId: number } & ReviewContent>;
export type ReviewDeleted = DomainEvent<'ReviewDeleted', { reviewId: string; productId: number; deletedBy: string }>;
/** A voter's current opinion; a later vote by the same voter replaces it. */
export type ReviewVoted = DomainEvent<'ReviewVoted', { reviewId: string; productId: number; voterId: string; isHelpful: boolean }>;
export type ReviewAnswered = DomainEvent<'ReviewAnswered', { reviewId: string; productId: number; response: string; answeredBy: string }>;

/** Moderation: a hidden review leaves the storefront and the product's rating, and stays in the log and the back office. */
export type ReviewHidden = DomainEvent<'ReviewHidden', { reviewId: string; productId: number; hiddenBy: string; reason: string }>;
export type ReviewShown = DomainEvent<'ReviewShown', { reviewId: string; productId: number; shownBy: string }>;

export type ReviewEvent = ReviewWritten | ReviewEdited | ReviewDeleted | ReviewVoted | ReviewAnswered | ReviewHidden | ReviewShown;

export const reviewStream = (reviewId: string) => `review-${reviewId}`;
