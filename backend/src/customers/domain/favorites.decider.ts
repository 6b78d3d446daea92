import { Decider } from '../../shared/event-sourcing/decider';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { FAVORITES_LIMIT } from '../contract/customer.views';
import { FavoritesEvent } from '../contract/favorites.events';

/** The products one customer has saved, in the order they were saved. */
export interface FavoritesState {
  productIds: number[];
}

export type FavoritesCommand = { kind: 'add'; userId: string; productId: number } | { kind: 'remove'; userId: string; productId: number };

export const NOT_A_FAVORITE = 'This product is not in your favorites';
export const TOO_MANY_FAVORITES = `You can save at most ${FAVORITES_LIMIT} favorites. Remove one first.`;

/** Saving a saved product records nothing (a second tap is harmless); removing one that is not saved is a 404, as for any missing item. */
export const favoritesDecider: Decider<FavoritesCommand, FavoritesState, FavoritesEvent> = {
  initialState: { productIds: [] },

  evolve(state, event) {
    switch (event.type) {
      case 'FavoriteAdded':
        return { productIds: [...state.productIds.filter((id) => id !== event.data.productId), event.data.productId] };
      case 'FavoriteRemoved':
        return { productIds: state.productIds.filter((id) => id !== event.data.productId) };
    }
  },

  decide(command, state) {
    const { userId, productId } = command;
    const saved = state.productIds.includes(productId);
    if (command.kind === 'add') {
      if (saved) return [];
      if (state.productIds.length >= FAVORITES_LIMIT) throw new ConflictError(TOO_MANY_FAVORITES);
      return [{ type: 'FavoriteAdded', version: 1, data: { userId, productId } }];
    }
    if (!saved) throw new NotFoundError(NOT_A_FAVORITE);
    return [{ type: 'FavoriteRemoved', version: 1, data: { userId, productId } }];
  },
};
