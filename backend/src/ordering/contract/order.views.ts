import { OrderLine, OrderTotals, ReturnLine, ShippingAddress } from './order.events';
import { OrderStatus, PaymentStatus } from './checkout-rules';

/** Orders and checkout quotes as the API answers them; shared with the storefront. */

export interface OrderItemView {
  id: number;
  productId: number;
  name: string;
  sku: string;
  quantity: number;
  price: string;
  lineTotal: string;
}

/** requested → authorized → received → refunded; requested or authorized → refused. */
export const RETURN_STATUSES = ['requested', 'authorized', 'refused', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** The return on the order's view (null when none was asked for). */
export interface ReturnRequestView {
  status: ReturnStatus;
  lines: ReturnLine[];
  /** What the returned lines cost on the order, A$: the refund staff are offered (shipping is not refunded). */
  amount: string;
  reason: string;
  photos: { id: string; thumbnailUrl: string; imageUrl: string }[];
  requestedAt: string;
  /** Staff's instructions when authorized, their reason when refused, their note when received. */
  staffNote: string | null;
  updatedAt: string;
}

/** An order as the storefront and the back office read it. */
export type RefundStatus = 'none' | 'partial' | 'full';

export interface OrderView {
  id: number;
  customerId: string | null;
  customerEmail: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: string;
  shippingMethod: string;
  subtotal: string;
  discountPercentage: number;
  discountAmount: string;
  shippingCost: string;
  totalAmount: string;
  referralCode: string | null;
  shippingAddress: ShippingAddress;
  deliveryInstructions: string | null;
  items: OrderItemView[];
  paymentId: number | null;
  blockchainTxHash: string | null;
  transactionId: string | null;
  trackingNumber: string | null;
  shippingCarrier: string | null;
  shippedAt: string | null;
  adminNotes: string | null;
  /** When an unpaid crypto order expires and its stock is released; null for cash on delivery. */
  paymentDueBy: string | null;
  /** Why a cancelled order was cancelled: by the shop, or its payment window ending. */
  cancellationReason: string | null;
  /** Refunded so far in A$ ("0.00" when nothing), and whether that is none, part or all of the total (issue 21). */
  refundedAmount: string;
  refundStatus: RefundStatus;
  /** When its payment was received (confirmed, or cash collected at delivery); null while unpaid. The tax invoice's date. */
  paidAt: string | null;
  /** When it was delivered (null until then, and on orders delivered before 27 Nov 2026 whose move did not say). */
  deliveredAt: string | null;
  /** The buyer's return after delivery, where it stands (issue 21); null when none was asked for. */
  returnRequest: ReturnRequestView | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * The back office's order list (`GET /api/admin/orders`): each order that could ship (pending or processing) and may
 * not yet, because its buyer's institution is not verified, says why (issue 22: the Orders tab says why); null otherwise.
 */
export type AdminOrderView = OrderView & { shippingHold: string | null };

/** `POST /api/orders` answers the order with a link to message the shop about it. */
export type PlacedOrderView = OrderView & { whatsappContactLink: string };

/** The checkout summary: exactly what the order will cost. */
/** `gstIncluded`: the GST in the total (prices are GST-inclusive; contract/gst.ts). */
export type CheckoutQuoteView = OrderTotals & { items: OrderLine[]; referralCode: string | null; gstIncluded: string };

/** `GET /api/admin/referral-codes`: every code with how many placed orders used it. */
export interface ReferralCodeView {
  code: string;
  discountPercentage: number;
  active: boolean;
  uses: number;
  createdAt: string;
}

/** `GET /api/admin/orders/counts`: every order, and per status. */
export type OrderCountsView = { all: number } & Record<OrderStatus, number>;

/** One unpaid order's hold on a product. */
export interface HeldStockOrderView {
  orderId: number;
  quantity: number;
  paymentMethod: string;
  customerEmail: string;
  createdAt: string;
  /** When an unpaid crypto order's window ends and its stock comes back by itself; null for cash on delivery. */
  paymentDueBy: string | null;
}

/**
 * `GET /api/admin/stock/held`: the stock held by orders not paid yet (pending, payment not confirmed), per
 * product, the most held first. Staff release a hold by cancelling its order (`POST /api/admin/orders/:id/release`).
 */
export interface HeldStockView {
  totalUnits: number;
  /** Unpaid orders read; at HELD_STOCK_ORDERS_READ the list stops there and says so. */
  orders: number;
  complete: boolean;
  products: { productId: number; name: string; sku: string; heldUnits: number; orders: HeldStockOrderView[] }[];
}

/** The most unpaid orders the held-stock view reads (the bounds on unpaid orders per buyer keep far fewer). */
export const HELD_STOCK_ORDERS_READ = 5_000;

/** `GET /api/admin/dashboard`: the back office's figures, each computed once, on the server. Amounts are AUD decimal strings. */
export interface AdminDashboardView {
  /** Active products. */
  totalProducts: number;
  /** Orders placed today in the store's time zone, cancelled ones not counted. */
  ordersToday: number;
  /** Under `revenueRule`. */
  totalRevenue: string;
  /** The crypto part of totalRevenue: confirmed payments on a chain (not PromptPay, a bank transfer) of orders not cancelled. */
  cryptoPayments: string;
  /** totalRevenue per payment method. */
  revenueByPaymentMethod: Record<string, string>;
  revenueRule: string;
  storeTimeZone: string;
  /** The newest orders. */
  recentOrders: OrderView[];
}
