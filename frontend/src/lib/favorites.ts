import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, apiGet, apiRequest } from '../api/client';
import type { FavoriteView } from '../../../backend/src/customers/contract/customer.views';
import { useRedirectToLoginWhenSignedOut, CURRENT_USER_KEY, useAuth } from '../features/identity';
import { useToast } from '../state/toast';

export type { FavoriteView as Favorite } from '../../../backend/src/customers/contract/customer.views';

export const FAVORITES_KEY = ['/api/user/favorites'] as const;

/** The signed-in customer's saved products, newest first; nothing to ask for a guest. */
export function useFavorites() {
  const { isAuthenticated } = useAuth();
  return useQuery({ queryKey: FAVORITES_KEY, queryFn: () => apiGet<FavoriteView[]>('/api/user/favorites'), enabled: isAuthenticated, staleTime: 60_000 });
}

/**
 * The heart on product cards and the product page. Both calls answer the whole list as it is
 * afterwards, which replaces the cached one. A guest, or a customer whose session ended, gets the
 * Unauthorized toast and goes to sign in after 500 ms (checkout spec §8).
 */
export function useFavoriteToggle(productId: number) {
  const { isAuthenticated } = useAuth();
  const favorites = useFavorites();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [signedOut, setSignedOut] = useState(false);
  useRedirectToLoginWhenSignedOut(signedOut);
  const isFavorite = favorites.data?.some((favorite) => favorite.productId === productId) ?? false;

  const mutation = useMutation({
    mutationFn: (save: boolean) =>
      save ? apiRequest<FavoriteView[]>('POST', '/api/user/favorites', { productId }) : apiRequest<FavoriteView[]>('DELETE', `/api/user/favorites/${productId}`),
    onSuccess: (list, save) => {
      queryClient.setQueryData(FAVORITES_KEY, list);
      toast(
        save
          ? { title: 'Added to Favorites', description: 'Product added to your favorites.', variant: 'success' }
          : { title: 'Removed from Favorites', description: 'Product removed from your favorites.' },
      );
    },
    onError: (error) => {
      if (error instanceof ApiError && error.isUnauthorized) {
        queryClient.setQueryData(CURRENT_USER_KEY, null);
        setSignedOut(true);
        return;
      }
      toast({ title: 'Error', description: 'Failed to update your favorites. Please try again.', variant: 'destructive' });
      // Another tab may have changed the list: show it as the server has it.
      void queryClient.invalidateQueries({ queryKey: FAVORITES_KEY });
    },
  });

  const toggle = () => {
    if (!isAuthenticated) return setSignedOut(true);
    mutation.mutate(!isFavorite);
  };
  return { isFavorite, toggle, isPending: mutation.isPending };
}
