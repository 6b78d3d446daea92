import type { ReturnLine } from './order.events';
import type { OrderItemView, OrderView, ReturnRequestView } from './order.views';

/**
 * What an order costs and how it was paid, which staff who only move parcels (issue 23: fulfilment, without
 * `orders:amounts`) are not shown: totals and their parts, the referral code, prices of lines and returns, what was
 * refunded, and the payment's transaction.
 */
const AMOUNT_FIELDS = ['subtotal', 'discountPercentage', 'discountAmount', 'shippingCost', 'totalAmount', 'referralCode', 'refundedAmount', 'blockchainTxHash', 'transactionId'] as const;
type AmountField = (typeof AMOUNT_FIELDS)[number];

export type OrderItemWithoutAmounts = Omit<OrderItemView, 'price' | 'lineTotal'>;
export type ReturnRequestWithoutAmounts = Omit<ReturnRequestView, 'amount' | 'lines'> & { lines: Omit<ReturnLine, 'amount'>[] };

/** An order as staff without `orders:amounts` read it: every field but what it costs, and `amountsHidden` to say so. */
export type OrderWithoutAmounts<Order extends OrderView = OrderView> = Omit<Order, AmountField | 'items' | 'returnRequest'> & {
  items: OrderItemWithoutAmounts[];
  returnRequest: ReturnRequestWithoutAmounts | null;
  amountsHidden: true;
};

export function withoutAmounts<Order extends OrderView>(order: Order): OrderWithoutAmounts<Order> {
  const rest = { ...order } as Record<string, unknown>;
  for (const field of AMOUNT_FIELDS) delete rest[field];
  const items = order.items.map(({ price: _price, lineTotal: _lineTotal, ...item }) => item);
  const returnRequest = order.returnRequest && { ...withoutKey(order.returnRequest, 'amount'), lines: order.returnRequest.lines.map((line) => withoutKey(line, 'amount')) };
  return { ...(rest as Omit<Order, AmountField | 'items' | 'returnRequest'>), items, returnRequest, amountsHidden: true };
}

function withoutKey<T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> {
  const { [key]: _dropped, ...rest } = value;
  return rest;
}

/** The order as `seesAmounts` allows: whole, or without what it costs. */
export function orderAsSeen<Order extends OrderView>(order: Order, seesAmounts: boolean): Order | OrderWithoutAmounts<Order> {
  return seesAmounts ? order : withoutAmounts(order);
}
