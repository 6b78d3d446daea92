import { TrafficEvent } from './traffic.events';

/** Traffic events as the audit trail tells them to a person (a visitor is never named: there is no one to name). */
export function describeTrafficEvent(event: TrafficEvent): string {
  switch (event.type) {
    case 'PageViewed':
      return `Page view of ${event.data.path} from ${event.data.source} on ${event.data.device}`;
    case 'ProductAddedToCart':
      return `A visitor added ${event.data.quantity} × product ${event.data.productId} to the cart`;
    case 'CheckoutStarted':
      return 'A visitor started checkout';
    case 'OrderPlacedInVisit':
      return `A visitor placed order ${event.data.orderId}`;
  }
}
