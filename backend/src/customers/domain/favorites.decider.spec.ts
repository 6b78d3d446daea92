import { ConflictError, NotFoundError } from '../../shared/errors';
import { DeciderSpecification } from '../../shared/event-sourcing/decider-specification';
import { FAVORITES_LIMIT } from '../contract/customer.views';
import { FavoritesEvent } from '../contract/favorites.events';
import { favoritesDecider, NOT_A_FAVORITE, TOO_MANY_FAVORITES } from './favorites.decider';

const userId = 'customer-1';
const added = (productId: number): FavoritesEvent => ({ type: 'FavoriteAdded', version: 1, data: { userId, productId } });
const removed = (productId: number): FavoritesEvent => ({ type: 'FavoriteRemoved', version: 1, data: { userId, productId } });

const favorites = DeciderSpecification.for(favoritesDecider);

describe('favorites decider', () => {
  it('saves a product', () => {
    favorites.given([]).when({ kind: 'add', userId, productId: 7 }).then([added(7)]);
  });

  it('records nothing when the product is already saved', () => {
    favorites.given([added(7)]).when({ kind: 'add', userId, productId: 7 }).thenNothing();
  });

  it('removes a saved product, and saves it again afterwards', () => {
    favorites.given([added(7), added(8)]).when({ kind: 'remove', userId, productId: 7 }).then([removed(7)]);
    favorites.given([added(7), removed(7)]).when({ kind: 'add', userId, productId: 7 }).then([added(7)]);
  });

  it('knows no favorite that was never saved or was removed', () => {
    favorites.given([]).when({ kind: 'remove', userId, productId: 7 }).thenThrows(NotFoundError, NOT_A_FAVORITE);
    favorites.given([added(7), removed(7)]).when({ kind: 'remove', userId, productId: 7 }).thenThrows(NotFoundError, NOT_A_FAVORITE);
  });

  it(`keeps at most ${FAVORITES_LIMIT} favorites`, () => {
    const full = Array.from({ length: FAVORITES_LIMIT }, (_, index) => added(index + 1));
    favorites.given(full).when({ kind: 'add', userId, productId: 9999 }).thenThrows(ConflictError, TOO_MANY_FAVORITES);
    favorites.given([...full, removed(1)]).when({ kind: 'add', userId, productId: 9999 }).then([added(9999)]);
  });
});
