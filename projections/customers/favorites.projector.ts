import { Inject, Injectable } from '@nestjs/common';
import { FAVORITES_STREAM_PREFIX, FavoritesEvent } from '../../backend/src/customers/contract/favorites.events';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { applyOnce, insertOnce, Projector, RunsOnTheLog } from '../runner/projector';

export const FAVORITES_COLLECTION = 'favorites';

/** One per customer and product ever saved; `saved` is false once removed, so saving again reuses it. */
export type FavoriteDocument = Document & { userId: string; productId: number; saved: boolean; addedAt: string };

export const favoriteId = (userId: string, productId: number) => `${userId}:${productId}`;

/** Each customer's saved products, for the dashboard's My Favorites and the hearts on product cards. */
@Injectable()
@RunsOnTheLog()
export class FavoritesProjector implements Projector {
  readonly name = 'favorites';
  readonly collections = [FAVORITES_COLLECTION] as const;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  private get favorites() {
    return this.readStore.collection<FavoriteDocument>(FAVORITES_COLLECTION);
  }

  async prepare(): Promise<void> {
    await this.favorites.createIndex({ userId: 1, saved: 1 });
  }

  canHandle(event: RecordedEvent): boolean {
    return event.streamId.startsWith(FAVORITES_STREAM_PREFIX);
  }

  async apply(recorded: RecordedEvent): Promise<void> {
    const event = recorded as unknown as FavoritesEvent;
    const { userId, productId } = event.data;
    const _id = favoriteId(userId, productId);
    switch (event.type) {
      case 'FavoriteAdded': {
        const saved = { userId, productId, saved: true, addedAt: recorded.metadata.occurredAt };
        if (await this.favorites.findOne({ _id })) await applyOnce(this.favorites, { _id }, recorded, { $set: saved });
        else await insertOnce(this.favorites, { _id, ...saved }, recorded);
        return;
      }
      case 'FavoriteRemoved':
        await applyOnce(this.favorites, { _id }, recorded, { $set: { saved: false } });
        return;
    }
  }
}
