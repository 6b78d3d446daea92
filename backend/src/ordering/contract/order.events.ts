import { DomainEvent } from '../../shared/contract/domain-event';
import { AustralianState, CryptoPaymentMethod, OrderStatus, PaymentMethod, PaymentStatus, ShippingMethod } from './checkout-rules';

export interface ShippingAddress {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  city: string;
  state: AustralianState;
  postalCode: string;
  country: 'Australia';
}

/** A line as the server priced it at the moment of the order; amounts are decimal strings in AUD. */
export interface OrderLine {
  productId: number;
  name: string;
  sku: string;
  quantity: number;
  unitPrice: string;
  lineTotal: string;
}

export interface OrderTotals {
  subtotal: string;
  discountPercentage: number;
  discountAmount: string;
  shippingCost: string;
  totalAmount: string;
}

/** The order as the shopper asked for it and the server priced it. */
export interface OrderDetails {
  orderId: number;
  customerId: string | null;
  customerEmail: string;
  lines: OrderLine[];
  totals: OrderTotals;
  referralCode: string | null;
  shippingMethod: ShippingMethod;
  paymentMethod: PaymentMethod;
  shippingAddress: ShippingAddress;
  deliveryInstructions: string | null;
  /** When an unpaid crypto order is cancelled and its stock released; null for cash on delivery. */
  paymentDueBy: string | null;
}

/** The placement process starts: the order is recorded, its stock not yet held. */
export type OrderSubmitted = DomainEvent<'OrderSubmitted', OrderDetails>;
/** Every line's stock is held: the order exists for the shopper and the shop. */
export type OrderPlaced = DomainEvent<'OrderPlaced', OrderDetails & { status: OrderStatus; paymentStatus: PaymentStatus }>;
/** Some line could not be held; whatever was held is released before this is recorded. */
export type OrderRejected = DomainEvent<'OrderRejected', { orderId: number; reason: string }>;
/**
 * `paidWith`: the coin of the payment that paid the order, which may differ from the order's method (the shopper
 * may pay in another coin at the payment step); revenue per coin counts under it. Absent from events recorded
 * before it was kept: the order's method then.
 */
export type OrderPaymentConfirmed = DomainEvent<'OrderPaymentConfirmed', { orderId: number; paymentId: number; transactionHash: string; statusAfter: OrderStatus; paidWith?: CryptoPaymentMethod }>;
/** `paymentStatusAfter` stays confirmed when another payment already paid the order. */
export type OrderPaymentFailed = DomainEvent<'OrderPaymentFailed', { orderId: number; paymentId: number; reason: string; paymentStatusAfter: PaymentStatus }>;
/**
 * `cashCollected`: the order is paid on delivery and this move (to delivered) is when its cash was taken at the
 * door, so its payment is confirmed by it (orders placed before 27 Nov 2026 were recorded paid from the start).
 */
/** `at`: when the move was decided, recorded on moves to delivered since 27 Nov 2026 (a return's 30 days count from it). */
export type OrderStatusChanged = DomainEvent<'OrderStatusChanged', { orderId: number; from: OrderStatus; to: OrderStatus; cashCollected?: true; at?: string }>;
export type OrderShipped = DomainEvent<'OrderShipped', { orderId: number; from: OrderStatus; trackingNumber: string; carrier: string; adminNotes: string | null }>;
export type OrderCancelled = DomainEvent<'OrderCancelled', { orderId: number; from: OrderStatus; reason: string }>;
/** The payment window ended unpaid: the order is cancelled for that reason. */
export type OrderExpired = DomainEvent<'OrderExpired', { orderId: number; paymentDueBy: string; reason: string }>;
/**
 * Money given back on a paid order (issue 21): `amount` this time and `refundedTotal` so far (A$, as "12.50"),
 * `fully` once the whole total is back. A crypto refund goes to the address the customer gave, sent by staff,
 * who record its transaction; a cash one has neither. `restock`: the order's items go back on sale (then
 * OrderStockReleased, as for a cancellation).
 */
export type OrderRefunded = DomainEvent<
  'OrderRefunded',
  { orderId: number; amount: string; refundedTotal: string; fully: boolean; reason: string; restock: boolean; refundAddress: string | null; transactionHash: string | null }
>;
/** A line sent back: how many of the order's line, and what they cost on the order (A$). */
export interface ReturnLine {
  productId: number;
  name: string;
  quantity: number;
  amount: string;
}

/**
 * The buyer asks to send items of a delivered order back (issue 21, the `/returns` policy): which lines, what they
 * cost on the order (`amount`, A$, shipping not included), why, and photos (attached images, private to the buyer
 * and staff). Nothing is refunded until staff authorize it, receive the parcel and refund.
 */
export type OrderReturnRequested = DomainEvent<'OrderReturnRequested', { orderId: number; lines: ReturnLine[]; amount: string; reason: string; photos: string[] }>;
/** Staff accept the return; `instructions` tell the buyer where and how to send it. */
export type OrderReturnAuthorized = DomainEvent<'OrderReturnAuthorized', { orderId: number; instructions: string | null }>;
export type OrderReturnRefused = DomainEvent<'OrderReturnRefused', { orderId: number; reason: string }>;
/** The parcel came back; the refund follows (OrderRefunded closes the return). */
export type OrderReturnReceived = DomainEvent<'OrderReturnReceived', { orderId: number; note: string | null }>;
export type OrderReturnEvent = OrderReturnRequested | OrderReturnAuthorized | OrderReturnRefused | OrderReturnReceived;

/** The last step of a cancellation, an expiry or a refund with restock: every line's stock is back on the shelf. */
export type OrderStockReleased = DomainEvent<'OrderStockReleased', { orderId: number }>;
/**
 * A guest order became a customer's: `proof` says why the shop believed it was theirs (see ClaimGuestOrders).
 * From then on only that customer (and administrators) may read it.
 */
export type OrderClaimedByCustomer = DomainEvent<'OrderClaimedByCustomer', { orderId: number; customerId: string; proof: OrderClaimProof }>;
/** `guest-session`: placed as a guest in the browser that then signed in; `account-email`: placed with the account's e-mail address. */
export type OrderClaimProof = 'guest-session' | 'account-email';

export type OrderEvent =
  | OrderSubmitted
  | OrderPlaced
  | OrderRejected
  | OrderPaymentConfirmed
  | OrderPaymentFailed
  | OrderStatusChanged
  | OrderShipped
  | OrderCancelled
  | OrderExpired
  | OrderStockReleased
  | OrderClaimedByCustomer
  | OrderRefunded
  | OrderReturnEvent;

/**
 * The order's steps in settling crypto payments that the chain can still move, kept apart from
 * OrderEvent so the readers that know only the customer-facing events keep compiling (their switches
 * ignore these at run time); the order's own decider reads OrderStreamEvent.
 *
 * OrderExpiryDeferred: the payment window ended while a payment for the order was on its way (seen on
 * the chain, short of its confirmations, or underpaid with something received): the expiry waits for it
 * until `until` (the end of the chain watch's grace), then expires the order if it is still unpaid.
 */
export type OrderExpiryDeferred = DomainEvent<'OrderExpiryDeferred', { orderId: number; paymentId: number; until: string; reason: string }>;
/**
 * The payment that paid the order left the chain (a reorganisation undid its confirmation). Not shipped:
 * the order is back to awaiting payment (`to` pending). Already shipped or delivered: the status stays and
 * `flagged` asks an administrator to act, the goods having left unpaid. The payment confirming again pays it again.
 */
export type OrderPaymentReversed = DomainEvent<'OrderPaymentReversed', { orderId: number; paymentId: number; reason: string; from: OrderStatus; to: OrderStatus; flagged: boolean }>;

/**
 * The shopper asked for a new quote near the end of the order's payment window: the window (and the order's
 * hold on its stock) moves to the new quote's end, once per order (issue 20: an unpaid order holds stock for a
 * quote window, renewable once, not for an hour).
 */
export type OrderPaymentWindowExtended = DomainEvent<'OrderPaymentWindowExtended', { orderId: number; from: string; until: string }>;

export type OrderSettlementEvent = OrderExpiryDeferred | OrderPaymentReversed | OrderPaymentWindowExtended;
/**
 * Recorded with OrderSubmitted: the buyers (see contract/buyer-holds.ts, pseudonymous keys of the
 * client's address, the e-mail and the browser) whose bounds on unpaid orders the order counts against,
 * so a placement resumed after a crash holds and frees the same ledgers.
 */
export type OrderBuyersRecorded = DomainEvent<'OrderBuyersRecorded', { orderId: number; buyers: string[] }>;
/** Everything an order's stream holds. */
export type OrderStreamEvent = OrderEvent | OrderSettlementEvent | OrderBuyersRecorded;

/** On the order's view while its payment is reversed (null or absent otherwise): the admin's flag. */
export interface OrderPaymentReversal {
  paymentId: number;
  reason: string;
  at: string;
  /** Shipped before the payment left the chain: an administrator must act. */
  flagged: boolean;
}

/** The stream's events in today's shape, the settlement steps included. */
export function upcastOrderStreamEvent(event: DomainEvent): OrderStreamEvent {
  if (event.type === 'OrderBuyersRecorded') return event as OrderBuyersRecorded;
  return event.type === 'OrderExpiryDeferred' || event.type === 'OrderPaymentReversed' || event.type === 'OrderPaymentWindowExtended' ? (event as OrderSettlementEvent) : upcastOrderEvent(event);
}

export const orderStream = (orderId: number) => `order-${orderId}`;

/**
 * Events recorded under older versions, in today's shape. Version 1 of OrderPlaced was written before
 * payment windows existed (no `paymentDueBy`), and version 1 of OrderPaymentFailed before
 * `paymentStatusAfter`: a failure then always left the payment failed.
 */
export function upcastOrderEvent(event: DomainEvent): OrderEvent {
  if (event.type === 'OrderPlaced' && event.version === 1) {
    return { type: 'OrderPlaced', version: 2, data: { paymentDueBy: null, ...(event.data as object) } } as OrderPlaced;
  }
  if (event.type === 'OrderPaymentFailed' && event.version === 1) {
    return { type: 'OrderPaymentFailed', version: 2, data: { paymentStatusAfter: 'failed', ...(event.data as object) } } as OrderPaymentFailed;
  }
  return event as OrderEvent;
}
