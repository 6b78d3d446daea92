import { parseCents } from '../../shared/money';
import { CASH_ON_DELIVERY, isCryptoPaymentMethod, OrderStatus, PaymentStatus } from './checkout-rules';

/** Orders on the back office's dashboard. */
export const RECENT_ORDERS = 5;

export { STORE_TIME_ZONE, storeTime } from '../../shared/contract/store-time';
import { STORE_TIME_ZONE } from '../../shared/contract/store-time';

/** The one definition of revenue, shown beside the figure in the back office. */
export const REVENUE_RULE = 'Confirmed crypto and PromptPay payments of orders not cancelled, plus cash on delivery once delivered, less refunds';

/** What an order adds to revenue under REVENUE_RULE, in cents: its total less what was refunded of it, or nothing. */
export function revenueCents(order: { paymentMethod: string; paymentStatus: PaymentStatus; status: OrderStatus; totalAmount: string; refundedAmount?: string }): number {
  const paidInCrypto = isCryptoPaymentMethod(order.paymentMethod) && order.paymentStatus === 'confirmed' && order.status !== 'cancelled';
  const cashCollected = order.paymentMethod === CASH_ON_DELIVERY && order.status === 'delivered';
  if (!paidInCrypto && !cashCollected) return 0;
  return Math.max(0, parseCents(order.totalAmount) - parseCents(order.refundedAmount ?? '0.00'));
}

/** Made once: building a formatter costs far more than formatting, and the dashboard formats every order. */
const STORE_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: STORE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day of an instant in the store's time zone, as YYYY-MM-DD. */
export function storeDay(instant: Date): string {
  return STORE_DAY.format(instant);
}
