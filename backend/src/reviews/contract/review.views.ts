/** Reviews and rating summaries as the API answers them; shared with the storefront. */

export interface ReviewView {
  id: string;
  productId: number;
  userId: string;
  user: { fullName: string };
  rating: number;
  title: string;
  content: string;
  pros: string[];
  cons: string[];
  verified: boolean;
  helpful: number;
  unhelpful: number;
  createdAt: string;
  updatedAt: string;
  adminResponse: string | null;
  adminResponseAt: string | null;
  /** The signed-in viewer's own vote, null when they have not voted. */
  myVote: boolean | null;
  /** Hidden by the store: only administrators see it. */
  hidden: boolean;
}

export interface RatingSummary {
  averageRating: number;
  totalReviews: number;
}

/** A review as the back office moderates it: with why and when it was hidden, if it is. */
export type ModeratedReviewView = ReviewView & { hiddenReason: string | null; hiddenAt: string | null };

/** `GET /api/admin/reviews`: a moderated review with its product's name. */
export type AdminReviewView = ModeratedReviewView & { productName: string | null };
