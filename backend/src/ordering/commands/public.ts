/** The ordering commands and queries other contexts may send (payments settle orders and extend their payment window for a new quote; demo data creates a referral code; signing in claims guest orders; the paid mail attaches the tax invoice). */
export { ClaimGuestOrders } from './claim-guest-orders.command';
export { ConfirmOrderPayment } from './confirm-order-payment.command';
export { CreateReferralCode } from './create-referral-code.command';
export { ExtendPaymentWindow } from './extend-payment-window.command';
export { OrderForPaymentQuery } from './order-for-payment.query';
export type { OrderForPayment } from './order-for-payment.query';
export { RecordFailedOrderPayment } from './record-failed-order-payment.command';
export { TaxInvoicePdf } from './tax-invoice.query';
