import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, queryString } from '../../../api/client';
import { CACHE } from '../../../api/query-client';
import type { RatingSummary, Review, ReviewInput } from '../../../api/types';
import { catalogueKeys } from '../../catalogue';
import { useAuth } from '../../identity';
import { serverMessageOr, useAdminMutation, useAdminPage } from '../../../api/admin-queries';
import type { AdminReviewView as AdminReview } from '../../../../../backend/src/reviews/contract/review.views';

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

// ---------------------------------------------------------------------------------------------
// Moderation in the back office

export type { AdminReview };
export type ReviewVisibility = 'hidden' | 'visible';
export const ADMIN_REVIEWS_KEY = ['/api/admin/reviews'] as const;

/** Review moderation's reads, under ADMIN_REVIEWS_KEY: an answer, a hiding or a showing refreshes the page shown. */
export const adminReviewQueries = {
  page: (status: ReviewVisibility | 'all', page: number, pageSize: number) => ({
    queryKey: [...ADMIN_REVIEWS_KEY, 'page', { status, page, pageSize }],
    url: `${ADMIN_REVIEWS_KEY[0]}${queryString({ status: status === 'all' ? undefined : status, page, pageSize })}`,
  }),
};

export function useAdminReviews(status: ReviewVisibility | 'all', page: number, pageSize: number) {
  const { queryKey, url } = adminReviewQueries.page(status, page, pageSize);
  return useAdminPage<AdminReview>(queryKey, url);
}

/** A review's answer or visibility shows on the storefront: its product's reviews and rating are read again too. */
const REVIEW_REFRESH = [ADMIN_REVIEWS_KEY, catalogueKeys.products, catalogueKeys.onSale] as const;

export function useAnswerReview() {
  return useAdminMutation<{ reviewId: string; response: string }>({
    request: ({ reviewId, response }) => apiRequest('POST', `/api/admin/reviews/${reviewId}/response`, { response }),
    success: { title: 'Response published', description: 'It now shows under the review on the product page.' },
    failure: serverMessageOr('Failed to publish the response. Please try again.'),
    refresh: REVIEW_REFRESH,
  });
}

export function useHideReview() {
  return useAdminMutation<{ reviewId: string; reason: string }>({
    request: ({ reviewId, reason }) => apiRequest('POST', `/api/admin/reviews/${reviewId}/hide`, { reason }),
    success: { title: 'Review hidden', description: 'Shoppers no longer see it, and it no longer counts in the rating.' },
    failure: serverMessageOr('Failed to hide the review. Please try again.'),
    refresh: REVIEW_REFRESH,
  });
}

export function useShowReview() {
  return useAdminMutation<{ reviewId: string }>({
    request: ({ reviewId }) => apiRequest('DELETE', `/api/admin/reviews/${reviewId}/hide`),
    success: { title: 'Review shown again', description: 'It is back on the product page and in the rating.' },
    failure: serverMessageOr('Failed to show the review again. Please try again.'),
    refresh: REVIEW_REFRESH,
  });
}
