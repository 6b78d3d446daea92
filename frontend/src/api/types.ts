/**
 * The API's answers are the backend's own view types (kept in modules free of framework code),
 * so the storefront and the server cannot drift apart.
 */
export type { CategoryView as Category, ProductView as Product } from '../../../backend/src/catalogue/contract/catalogue.views';
export type { SessionUser as CurrentUser } from '../../../backend/src/identity/contract/session-user';
export type { ShippingAddress } from '../../../backend/src/ordering/contract/order.events';
export type {
  AdminDashboardView as AdminDashboard,
  CheckoutQuoteView as CheckoutQuote,
  OrderItemView as OrderItem,
  OrderView as Order,
  PlacedOrderView as PlacedOrder,
} from '../../../backend/src/ordering/contract/order.views';
export type { PaymentView as Payment } from '../../../backend/src/payments/contract/payment.views';
export type { ReviewInput } from '../../../backend/src/reviews/contract/review-input';
export type { RatingSummary, ReviewView as Review } from '../../../backend/src/reviews/contract/review.views';

/** `GET /api/wallet-addresses`: the receiving address per quoted payment method; `promptpay` is the shop's PromptPay id, null when PromptPay is not offered. */
export type WalletAddresses = Record<string, string | null>;
