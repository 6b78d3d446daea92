import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../api/client';
import { CACHE } from '../api/query-client';
import type { RatingSummary, Review, ReviewInput } from '../api/types';
import { catalogueKeys } from '../features/catalogue';
import { useAuth } from './useAuth';

const reviewsKey = (productId: number) => catalogueKeys.productPart(productId, 'reviews');
const ratingKey = (productId: number) => catalogueKeys.productPart(productId, 'rating');

/** Each review carries the viewer's own vote, so the list is cached per viewer. */
export function useReviews(productId: number) {
  const { user, isLoading } = useAuth();
  const viewerId = user?.id ?? null;
  return useQuery({
    queryKey: [...reviewsKey(productId), { viewerId }],
    queryFn: () => apiGet<Review[]>(`/api/products/${productId}/reviews`),
    enabled: !isLoading,
  });
}

export function useRatingSummary(productId: number) {
  return useQuery({
    queryKey: ratingKey(productId),
    queryFn: () => apiGet<RatingSummary>(`/api/products/${productId}/rating`),
    ...CACHE.rating,
  });
}

/**
 * A review changes the product's rating wherever it is shown: its reviews, its summary,
 * the detail page and every product list (cards show the average and count).
 */
function useInvalidateAfterReviewChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogueKeys.products }),
      queryClient.invalidateQueries({ queryKey: catalogueKeys.onSale }),
    ]);
}

export function useWriteReview(productId: number) {
  const invalidate = useInvalidateAfterReviewChange();
  return useMutation({
    mutationFn: (input: ReviewInput) => apiRequest<Review>('POST', `/api/products/${productId}/reviews`, input),
    onSuccess: invalidate,
  });
}

export function useUpdateReview() {
  const invalidate = useInvalidateAfterReviewChange();
  return useMutation({
    mutationFn: ({ reviewId, input }: { reviewId: string; input: ReviewInput }) => apiRequest<Review>('PUT', `/api/reviews/${reviewId}`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteReview() {
  const invalidate = useInvalidateAfterReviewChange();
  return useMutation({
    mutationFn: (reviewId: string) => apiRequest<{ message: string }>('DELETE', `/api/reviews/${reviewId}`),
    onSuccess: invalidate,
  });
}

export function useVoteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, isHelpful }: { reviewId: string; isHelpful: boolean }) => apiRequest<Review>('POST', `/api/reviews/${reviewId}/vote`, { isHelpful }),
    onSuccess: (review) => queryClient.invalidateQueries({ queryKey: reviewsKey(review.productId) }),
  });
}
