import { FavoritesEvent } from './favorites.events';

/** Favorites as the audit trail tells them to a person. */
export function describeFavoritesEvent(event: FavoritesEvent): string {
  switch (event.type) {
    case 'FavoriteAdded':
      return `Product ${event.data.productId} saved to favorites`;
    case 'FavoriteRemoved':
      return `Product ${event.data.productId} removed from favorites`;
  }
}
