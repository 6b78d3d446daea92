import { ComponentProps, lazy, Suspense } from 'react';
import type { ReviewForm as ReviewFormComponent } from './ReviewForm';

/** The form validates with the server's zod schema; loading it only when someone writes keeps zod off the product page's first load. */
const ReviewForm = lazy(() => import('./ReviewForm').then((module) => ({ default: module.ReviewForm })));

export function LazyReviewForm(props: ComponentProps<typeof ReviewFormComponent>) {
  return (
    <Suspense fallback={<div className="skeleton review-form-skeleton" role="status" aria-busy="true" aria-label="Loading the review form" />}>
      <ReviewForm {...props} />
    </Suspense>
  );
}
