import { createHash } from 'node:crypto';

/**
 * One review per product per author: the id is derived from both, so a second review
 * by the same author lands on the same stream and is refused there, without a race.
 */
export function reviewIdFor(productId: number, authorId: string): string {
  return createHash('sha256').update(`review:${productId}:${authorId}`).digest('hex').slice(0, 24);
}
