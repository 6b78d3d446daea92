import { Inject, Injectable } from '@nestjs/common';
import { RATINGS_COLLECTION, RatingDocument, REVIEWS_COLLECTION, ReviewDocument } from './reviews.projector';
import { NotFoundError } from '../../backend/src/shared/errors';
import { READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { Page, PageQuery } from '../../backend/src/shared/contract/paging';
import { findPage, mapPage } from '../runner/paging';
import { RatingSummary, ReviewView } from '../../backend/src/reviews/contract/review.views';

export type ReviewVisibility = 'hidden' | 'visible';

/** A review as moderation sees it: with why and when the store hid it. */
export type { ModeratedReviewView } from '../../backend/src/reviews/contract/review.views';
import type { ModeratedReviewView } from '../../backend/src/reviews/contract/review.views';

@Injectable()
export class ReviewQueries {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  /** A hidden review is seen by administrators (`withHidden`) and by its author only. */
  async forProduct(productId: number, viewerId: string | null, withHidden = false): Promise<ReviewView[]> {
    const filter = withHidden ? { productId, deleted: false } : { productId, deleted: false, $or: [{ hidden: { $ne: true } }, { userId: viewerId }] };
    const docs = await this.readStore.collection<ReviewDocument>(REVIEWS_COLLECTION).find(filter, { sort: { createdAt: -1 } });
    return docs.map((doc) => toReviewView(doc, viewerId));
  }

  /** Back-office moderation: every product's reviews that were not deleted, hidden ones included, newest first, a page at a time. */
  async forModeration(visibility: ReviewVisibility | undefined, query: PageQuery): Promise<Page<ModeratedReviewView>> {
    const filter = visibility === undefined ? { deleted: false } : visibility === 'hidden' ? { deleted: false, hidden: true } : { deleted: false, hidden: { $ne: true } };
    const found = await findPage(this.readStore.collection<ReviewDocument>(REVIEWS_COLLECTION), filter, { deleted: 1, createdAt: -1, id: -1 }, query);
    return mapPage(found, (doc) => ({ ...toReviewView(doc, null), hiddenReason: doc.hidden ? (doc.hiddenReason ?? null) : null, hiddenAt: doc.hidden ? (doc.hiddenAt ?? null) : null }));
  }

  async byId(reviewId: string, viewerId: string | null, withHidden = false): Promise<ReviewView> {
    const doc = await this.readStore.collection<ReviewDocument>(REVIEWS_COLLECTION).findOne({ _id: reviewId });
    if (!doc || doc.deleted || (doc.hidden && !withHidden && doc.userId !== viewerId)) throw new NotFoundError('Review not found');
    return toReviewView(doc, viewerId);
  }

  async rating(productId: number): Promise<RatingSummary> {
    const doc = await this.readStore.collection<RatingDocument>(RATINGS_COLLECTION).findOne({ _id: String(productId) });
    return { averageRating: doc?.averageRating ?? 0, totalReviews: doc?.totalReviews ?? 0 };
  }

}

function toReviewView(doc: ReviewDocument, viewerId: string | null): ReviewView {
  return {
    id: doc.id,
    productId: doc.productId,
    userId: doc.userId,
    user: { fullName: doc.authorName },
    rating: doc.rating,
    title: doc.title,
    content: doc.content,
    pros: doc.pros,
    cons: doc.cons,
    verified: doc.verified,
    helpful: doc.helpful,
    unhelpful: doc.unhelpful,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    adminResponse: doc.adminResponse,
    adminResponseAt: doc.adminResponseAt,
    myVote: viewerId !== null && viewerId in doc.votes ? doc.votes[viewerId] : null,
    hidden: doc.hidden === true,
  };
}
