import { ReviewEvent } from './review.events';

/** Review events as the audit trail tells them to a person. */
export function describeReviewEvent(event: ReviewEvent): string {
  switch (event.type) {
    case 'ReviewWritten':
      return `Review of product ${event.data.productId} by ${event.data.authorName}: ${event.data.rating}/5 "${event.data.title}"${event.data.verified ? ' (verified purchase)' : ''}`;
    case 'ReviewEdited':
      return `Review edited: ${event.data.rating}/5 "${event.data.title}"`;
    case 'ReviewDeleted':
      return 'Review deleted';
    case 'ReviewVoted':
      return `Voted ${event.data.isHelpful ? 'helpful' : 'not helpful'}`;
    case 'ReviewAnswered':
      return `Store answered: "${event.data.response}"`;
    case 'ReviewHidden':
      return `Hidden from the storefront: ${event.data.reason}`;
    case 'ReviewShown':
      return 'Shown on the storefront again';
  }
}
