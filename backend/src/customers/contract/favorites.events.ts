import { DomainEvent } from '../../shared/contract/domain-event';

/**
 * A customer's saved products (checkout spec §2 My Favorites), one stream per customer:
 * `favorites-<userId>`. Adding a product already saved, or removing one that is not, records nothing.
 */
export type FavoriteAdded = DomainEvent<'FavoriteAdded', { userId: string; productId: number }>;
export type FavoriteRemoved = DomainEvent<'FavoriteRemoved', { userId: string; productId: number }>;

export type FavoritesEvent = FavoriteAdded | FavoriteRemoved;

export const FAVORITES_STREAM_PREFIX = 'favorites-';
export const favoritesStream = (userId: string) => `${FAVORITES_STREAM_PREFIX}${userId}`;
