import { Inject, Injectable } from '@nestjs/common';
import { isPersonalDataErased } from '../../backend/src/identity/contract/identity.events';
import { isErased } from '../../backend/src/shared/contract/personal-data';

/** Who a closed account's reviews are by. */
const FORMER_CUSTOMER = 'Former customer';
import { ReviewEvent } from '../../backend/src/reviews/contract/review.events';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { applyOnce, insertOnce, Projector, RunsOnTheLog } from '../runner/projector';

export const REVIEWS_COLLECTION = 'reviews_by_product';
export const RATINGS_COLLECTION = 'product_ratings';

export type ReviewDocument = Document & {
  id: string;
  productId: number;
  userId: string;
  authorName: string;
  rating: number;
  title: string;
  content: string;
  pros: string[];
  cons: string[];
  verified: boolean;
  votes: Record<string, boolean>;
  helpful: number;
  unhelpful: number;
  createdAt: string;
  updatedAt: string;
  adminResponse: string | null;
  adminResponseAt: string | null;
  deleted: boolean;
  hidden: boolean;
  /** Why and when the store hid it; null while it is shown (absent in read models built before they were kept). */
  hiddenReason?: string | null;
  hiddenAt?: string | null;
};

export type RatingDocument = Document & { productId: number; averageRating: number; totalReviews: number; ratingSum: number };

/** Reviews per product with their vote counts, and each product's rating summary. */
@Injectable()
@RunsOnTheLog()
export class ReviewsProjector implements Projector {
  readonly name = 'reviews';
  readonly collections = [REVIEWS_COLLECTION, RATINGS_COLLECTION] as const;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  private get reviews() {
    return this.readStore.collection<ReviewDocument>(REVIEWS_COLLECTION);
  }

  /** A product's reviews and the moderation list are read through indexes. */
  async prepare(): Promise<void> {
    const reviews = this.readStore.collection<ReviewDocument>(REVIEWS_COLLECTION);
    await reviews.createIndex({ productId: 1, createdAt: -1 });
    await reviews.createIndex({ deleted: 1, createdAt: -1, id: -1 });
  }

  canHandle(event: RecordedEvent): boolean {
    return event.streamId.startsWith('review-') || isPersonalDataErased(event);
  }

  async apply(recorded: RecordedEvent): Promise<void> {
    // A closed account's reviews stay (what it said about a product is not about the person), signed by nobody.
    if (isPersonalDataErased(recorded)) {
      await this.reviews.updateMany({ userId: recorded.data.userId }, { $set: { authorName: FORMER_CUSTOMER } });
      return;
    }
    const event = recorded as unknown as ReviewEvent;
    const _id = event.data.reviewId;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'ReviewWritten': {
        const { reviewId, authorId, ...fields } = event.data;
        if (isErased(fields.authorName)) fields.authorName = FORMER_CUSTOMER;
        const written = {
          id: reviewId, userId: authorId, ...fields, votes: {}, helpful: 0, unhelpful: 0,
          createdAt: at, updatedAt: at, adminResponse: null, adminResponseAt: null, deleted: false, hidden: false, hiddenReason: null, hiddenAt: null,
        };
        // A review written again after its deletion reuses the document.
        if (await this.reviews.findOne({ _id })) await applyOnce(this.reviews, { _id }, recorded, { $set: written });
        else await insertOnce(this.reviews, { _id, ...written }, recorded);
        break;
      }
      case 'ReviewEdited': {
        const { rating, title, content, pros, cons } = event.data;
        await applyOnce(this.reviews, { _id }, recorded, { $set: { rating, title, content, pros, cons, updatedAt: at } });
        break;
      }
      case 'ReviewDeleted':
        await applyOnce(this.reviews, { _id }, recorded, { $set: { deleted: true, updatedAt: at } });
        break;
      case 'ReviewVoted': {
        const review = await this.reviews.findOne({ _id });
        if (!review) break;
        const votes = { ...review.votes, [event.data.voterId]: event.data.isHelpful };
        const helpful = Object.values(votes).filter(Boolean).length;
        await applyOnce(this.reviews, { _id }, recorded, { $set: { votes, helpful, unhelpful: Object.keys(votes).length - helpful } });
        break;
      }
      case 'ReviewAnswered':
        await applyOnce(this.reviews, { _id }, recorded, { $set: { adminResponse: event.data.response, adminResponseAt: at } });
        break;
      case 'ReviewHidden':
        await applyOnce(this.reviews, { _id }, recorded, { $set: { hidden: true, hiddenReason: event.data.reason, hiddenAt: at } });
        break;
      case 'ReviewShown':
        await applyOnce(this.reviews, { _id }, recorded, { $set: { hidden: false, hiddenReason: null, hiddenAt: null } });
        break;
    }
    if (event.type !== 'ReviewVoted' && event.type !== 'ReviewAnswered') await this.recomputeRating(event.data.productId);
  }

  /** Summed from the reviews shoppers see, so replaying any event leaves the same figures; hidden ones do not count. */
  private async recomputeRating(productId: number): Promise<void> {
    const live = await this.reviews.find({ productId, deleted: false, hidden: { $ne: true } });
    const ratingSum = live.reduce((sum, review) => sum + review.rating, 0);
    const totalReviews = live.length;
    const averageRating = totalReviews === 0 ? 0 : Math.round((ratingSum / totalReviews) * 10) / 10;
    await this.readStore
      .collection<RatingDocument>(RATINGS_COLLECTION)
      .replaceOne({ _id: String(productId), productId, averageRating, totalReviews, ratingSum });
  }
}
