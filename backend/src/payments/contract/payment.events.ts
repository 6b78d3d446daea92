import { DomainEvent } from '../../shared/contract/domain-event';
import { Coin, CryptoPaymentMethod } from '../../ordering/contract/checkout-rules';

/** Which extended public key pays which methods: Bitcoin, Ethereum (Ether and ERC-20 tokens), Tron (TRC-20). */
export type AddressFamily = 'btc' | 'eth' | 'tron';

/** Where a derived receiving address comes from, so the merchant's wallet can be matched to it: key, path, index. */
export interface AddressDerivation {
  /** First 4 bytes of HASH160 of the account's public key, in hex. */
  xpubFingerprint: string;
  /** e.g. m/84'/0'/0'/0/7 */
  path: string;
  index: number;
}

/**
 * The quote is part of the fact: the rates used, the amount asked for and until when it holds.
 * Fields added later are optional, so the events recorded before them still read as version 1:
 * - `cryptoAmountUnits`: the same amount in the coin's smallest unit (satoshi, wei, 6-decimal token units), an integer string;
 * - `addressDerivation`: present when `walletAddress` was derived from an extended public key (absent for a fixed address);
 * - `rateSources`: the exchanges whose fresh prices made the median, or `fixed` for the demo rates.
 */
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
    cryptoAmountUnits?: string;
    addressDerivation?: AddressDerivation;
    rateSources?: string[];
  }
>;
/** `source` says who vouched for the transfer: an administrator now, a chain watcher later. */
export type PaymentConfirmed = DomainEvent<'PaymentConfirmed', { paymentId: number; orderId: number; transactionHash: string; source: string }>;
export type PaymentFailed = DomainEvent<'PaymentFailed', { paymentId: number; orderId: number; reason: string; source: string }>;

/**
 * The shopper chose another coin for the order: this quote no longer takes payments, so only one
 * address per order is ever shown as payable. `replacedBy` is the payment that took its place.
 */
export type PaymentQuoteClosed = DomainEvent<
  'PaymentQuoteClosed',
  /** `expired`: the quote's time was up when the shopper asked again (absent on events before it existed: false). */
  { paymentId: number; orderId: number; replacedBy: number; replacedByMethod: CryptoPaymentMethod; expired?: boolean }
>;

export type PaymentEvent = PaymentInitiated | PaymentConfirmed | PaymentFailed | PaymentQuoteClosed;

/** Why a closed quote no longer takes payments, as the payment's failure reason shows it. */
export function closedQuoteReason(method: string, replacedBy: number, expired = false): string {
  if (expired) return `Quote expired: the shopper asked again for a new quote (payment #${replacedBy})`;
  return `Quote closed: the shopper chose ${method} instead (payment #${replacedBy})`;
}

export const paymentStream = (paymentId: number) => `payment-${paymentId}`;

/**
 * A receiving address index handed out, on a stream of its own that must not exist yet: the index
 * can never go to two payments, whatever the instance or restart. Claimed before the payment is
 * started, so a crash in between skips an index and never reuses one.
 */
export type ReceivingAddressClaimed = DomainEvent<'ReceivingAddressClaimed', AddressDerivation & { family: AddressFamily; address: string }>;

export const receivingAddressStream = (family: AddressFamily, xpubFingerprint: string, index: number) => `address-${family}-${xpubFingerprint}-${index}`;
