import { DomainEvent } from '../../shared/contract/domain-event';

/**
 * Hoarding (issue 20): what one buyer's unpaid orders may hold. An order holds its stock until it is
 * paid, cancelled or (crypto) its payment window ends, so without these bounds fifteen guest orders
 * from one address held every unit of the shop for an hour, again and again.
 *
 * A buyer is each of: the client's address (as the rate limits see it, TRUST_PROXY honoured; an IPv6
 * address by its /64, which one subscriber usually has whole), the order's e-mail (lower-case) and the
 * browser (an id in the signed session cookie). An order must fit within the bounds of all three.
 */
export const DEFAULT_UNPAID_ORDERS_PER_BUYER = 3;
/** Of a product's stock left at the moment of ordering, one buyer's unpaid orders may hold this share (at least 1 unit). */
export const DEFAULT_UNPAID_SHARE_PER_BUYER_PERCENT = 10;

export interface UnpaidHoldLimits {
  /** UNPAID_ORDERS_PER_BUYER */
  ordersPerBuyer: number;
  /** UNPAID_SHARE_PER_BUYER_PERCENT */
  sharePercent: number;
}

/** The most units of a product one buyer may hold in unpaid orders, when `available` are left for sale. */
export function unpaidHoldCap(available: number, sharePercent: number): number {
  return Math.max(1, Math.floor((available * sharePercent) / 100));
}

export type BuyerKind = 'address' | 'email' | 'browser';

/** The units one order holds of each product. */
export interface HeldLine {
  productId: number;
  quantity: number;
}

/** An order of the buyer's holds stock unpaid (recorded before the stock is reserved). */
export type BuyerOrderHeld = DomainEvent<'BuyerOrderHeld', { buyer: string; orderId: number; lines: HeldLine[] }>;
/** The order no longer counts against the buyer: rejected, paid, cancelled, expired or delivered. */
export type BuyerOrderFreed = DomainEvent<'BuyerOrderFreed', { buyer: string; orderId: number; reason: string }>;
export type BuyerHoldEvent = BuyerOrderHeld | BuyerOrderFreed;

/**
 * `buyer` is `<kind>-<hash>`: a keyed hash (HMAC-SHA-256, http/buyer-identity.ts) of the address, e-mail or browser id, so neither stream
 * names nor events carry the address or e-mail themselves.
 */
export const buyerHoldsStream = (buyer: string) => `buyer-holds-${buyer}`;

/** The ledger's events as the audit trail tells them. */
export function describeBuyerHoldEvent(event: BuyerHoldEvent): string {
  if (event.type === 'BuyerOrderHeld') return `Order #${event.data.orderId} counted as unpaid for buyer ${event.data.buyer}: ${event.data.lines.map((line) => `${line.quantity} of product ${line.productId}`).join(', ')}`;
  return `Order #${event.data.orderId} no longer counted as unpaid for buyer ${event.data.buyer}: ${event.data.reason}`;
}
