import { trackingUrl } from './carrier-tracking';
import { CASH_ON_DELIVERY, CRYPTO_PAYMENT_METHODS, isCryptoPaymentMethod } from './checkout-rules';
import { OrderStreamEvent } from './order.events';

export type OrderTimelineKind = 'placed' | 'paid' | 'payment_failed' | 'processing' | 'shipped' | 'delivered' | 'cancelled' | 'status' | 'claimed' | 'payment_pending' | 'refunded' | 'return';

/** `GET /api/orders/:id/timeline`: what happened to the order, oldest first, in the customer's words. */
export interface OrderTimelineEntryView {
  kind: OrderTimelineKind;
  at: string;
  title: string;
  detail: string | null;
  /** The carrier's tracking page, on the shipped entry. */
  trackingUrl: string | null;
}

const entry = (kind: OrderTimelineKind, at: string, title: string, detail: string | null = null, url: string | null = null): OrderTimelineEntryView => ({ kind, at, title, detail, trackingUrl: url });

const STATUS_ENTRIES = {
  pending: ['status', 'Waiting to be prepared'],
  processing: ['processing', 'Being prepared for shipping'],
  shipped: ['shipped', 'Shipped'],
  delivered: ['delivered', 'Delivered'],
} as const;

/**
 * An order event as its customer reads it, or null for the shop's own bookkeeping (the placement
 * steps before the order existed for them, stock returns, a failed payment when another one had paid).
 */
export function customerTimelineEntry(event: OrderStreamEvent, at: string): OrderTimelineEntryView | null {
  switch (event.type) {
    case 'OrderPlaced': {
      const { paymentMethod, totals } = event.data;
      // Said when the order was placed, so what it is to be paid in, not that it was paid.
      const payment = paymentMethod === CASH_ON_DELIVERY ? 'to be paid in cash on delivery' : `to be paid in ${isCryptoPaymentMethod(paymentMethod) ? CRYPTO_PAYMENT_METHODS[paymentMethod].label : paymentMethod}`;
      return entry('placed', at, 'Order placed', `Total A$${totals.totalAmount}, ${payment}.`);
    }
    case 'OrderPaymentConfirmed':
      return entry('paid', at, 'Payment confirmed', 'Your payment arrived and was confirmed.');
    case 'OrderPaymentFailed':
      if (event.data.paymentStatusAfter === 'confirmed') return null;
      return entry('payment_failed', at, 'Payment failed', 'The payment did not go through. You can pay again from your orders.');
    case 'OrderStatusChanged': {
      if (event.data.to === 'cancelled') return entry('cancelled', at, 'Cancelled');
      const [kind, title] = STATUS_ENTRIES[event.data.to];
      return event.data.cashCollected ? entry(kind, at, title, 'Paid in cash on delivery.') : entry(kind, at, title);
    }
    case 'OrderShipped':
      return entry('shipped', at, 'Shipped', `With ${event.data.carrier}, tracking number ${event.data.trackingNumber}.`, trackingUrl(event.data.carrier, event.data.trackingNumber));
    case 'OrderCancelled':
      return entry('cancelled', at, 'Cancelled', `Reason: ${event.data.reason}`);
    case 'OrderExpired':
      return entry('cancelled', at, 'Cancelled', 'The payment window ended before the order was paid; its items were released.');
    case 'OrderClaimedByCustomer':
      return entry('claimed', at, 'Added to your account');
    case 'OrderRefunded': {
      const { amount, fully, reason, transactionHash } = event.data;
      const sent = transactionHash ? ` Sent in transaction ${transactionHash}.` : '';
      return entry('refunded', at, fully ? 'Refunded' : 'Partly refunded', `A$${amount} refunded: ${reason}.${sent}`);
    }
    case 'OrderReturnRequested': {
      const items = event.data.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ');
      return entry('return', at, 'Return requested', `${items} (A$${event.data.amount}). We will reply with how to send it back.`);
    }
    case 'OrderReturnAuthorized':
      return entry('return', at, 'Return authorized', event.data.instructions ?? 'Send the items back unopened, with this order number; we refund them once they arrive.');
    case 'OrderReturnRefused':
      return entry('return', at, 'Return refused', `Reason: ${event.data.reason}`);
    case 'OrderReturnReceived':
      return entry('return', at, 'Returned items received', 'Your refund follows.');
    case 'OrderPaymentWindowExtended':
      return entry('payment_pending', at, 'More time to pay', `A new quote keeps your order until ${new Date(event.data.until).toUTCString()}. This can be done once.`);
    case 'OrderExpiryDeferred':
      return entry('payment_pending', at, 'Payment on its way', `Your payment was seen on the network; the order is held for it until ${new Date(event.data.until).toUTCString()}.`);
    case 'OrderPaymentReversed':
      if (event.data.flagged) return entry('payment_pending', at, 'Payment taken back by the network', 'The network reversed the block with your payment. We will contact you.');
      return entry('payment_pending', at, 'Payment taken back by the network', 'The network reversed the block with your payment; it usually confirms again within minutes. The order waits for it.');
    case 'OrderSubmitted':
    case 'OrderBuyersRecorded':
    case 'OrderRejected':
    case 'OrderStockReleased':
      return null;
  }
}
