import { DomainEvent } from '../../shared/contract/domain-event';
import { Coin, CryptoPaymentMethod } from '../../ordering/contract/checkout-rules';

/** The quote is part of the fact: the rates used, the amount asked for and until when it holds. */
export type PaymentInitiated = DomainEvent<
  'PaymentInitiated',
  {
    paymentId: number;
    orderId: number;
    method: CryptoPaymentMethod;
    coin: Coin;
    walletAddress: string;
    amountAud: string;
    cryptoAmount: string;
    usdPerAud: string;
    coinPriceUsd: string;
    paymentUri: string;
    expiresAt: string;
  }
>;
/** `source` says who vouched for the transfer: an administrator now, a chain watcher later. */
export type PaymentConfirmed = DomainEvent<'PaymentConfirmed', { paymentId: number; orderId: number; transactionHash: string; source: string }>;
export type PaymentFailed = DomainEvent<'PaymentFailed', { paymentId: number; orderId: number; reason: string; source: string }>;

/**
 * The shopper chose another coin for the order: this quote no longer takes payments, so only one
 * address per order is ever shown as payable. `replacedBy` is the payment that took its place.
 */
export type PaymentQuoteClosed = DomainEvent<'PaymentQuoteClosed', { paymentId: number; orderId: number; replacedBy: number; replacedByMethod: CryptoPaymentMethod }>;

export type PaymentEvent = PaymentInitiated | PaymentConfirmed | PaymentFailed | PaymentQuoteClosed;

/** Why a closed quote no longer takes payments, as the payment's failure reason shows it. */
export function closedQuoteReason(method: string, replacedBy: number): string {
  return `Quote closed: the shopper chose ${method} instead (payment #${replacedBy})`;
}

export const paymentStream = (paymentId: number) => `payment-${paymentId}`;
