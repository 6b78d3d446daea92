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
 * The quote is part of the fact: the rates used, the amount asked for and until when it holds. For PromptPay
 * the `coin` is THB, `cryptoAmount` the baht, `walletAddress` the shop's PromptPay id and `paymentUri` the EMVCo payload.
 * Fields added later are optional, so the events recorded before them still read as version 1:
 * - `cryptoAmountUnits`: the same amount in the coin's smallest unit (satoshi, wei, 6-decimal token units, satang), an integer string;
 * - `addressDerivation`: present when `walletAddress` was derived from an extended public key (absent for a fixed address);
 * - `rateSources`: the exchanges whose fresh prices made the median, or `fixed` for the demo rates (`fixed THB` beside the exchanges for a PromptPay quote's baht price);
 * - `confirmationsRequired`: present when a chain watcher follows the payment's network and address: the
 *   confirmation policy locked with the quote (later changes of the policy do not move it);
 * - `fromHeight`: the chain's tip height when the quote was made, so a watcher scans from there.
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
    confirmationsRequired?: number;
    fromHeight?: number;
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

/** Where a transfer sits on the chain as last seen: null height and hash while in the mempool. */
export interface TransferPlacement {
  blockHeight: number | null;
  blockHash: string | null;
  /** Counted up to the payment's policy only: deeper blocks change nothing the shop decides on. */
  confirmations: number;
}

/** A chain watcher saw a transfer to the payment's address. `seenAt` is the watcher's clock: after the quote's expiry, the payment is late. */
export type PaymentTransferDetected = DomainEvent<
  'PaymentTransferDetected',
  TransferPlacement & { paymentId: number; orderId: number; transferId: string; transactionHash: string; amountUnits: string; seenAt: string }
>;
/** The transfer moved: a new block on top (more confirmations), mined from the mempool, or re-mined elsewhere in a reorganisation. */
export type PaymentTransferConfirmationsChanged = DomainEvent<'PaymentTransferConfirmationsChanged', TransferPlacement & { paymentId: number; orderId: number; transferId: string }>;
/** The transfer is no longer on the chain (a reorganisation, or dropped from the mempool); it counts for nothing now. */
export type PaymentTransferDropped = DomainEvent<'PaymentTransferDropped', { paymentId: number; orderId: number; transferId: string }>;
/** A chain watcher's confirmation no longer holds: the transfers that paid left the chain, so the payment waits again. */
export type PaymentConfirmationUndone = DomainEvent<'PaymentConfirmationUndone', { paymentId: number; orderId: number; reason: string }>;

/** Admin decisions, `decidedBy` naming the administrator (also the events' acting user). */
export type PaymentUnderpaymentAccepted = DomainEvent<'PaymentUnderpaymentAccepted', { paymentId: number; orderId: number; receivedUnits: string; dueUnits: string; note: string; decidedBy: string }>;
export type PaymentMarkedPaid = DomainEvent<'PaymentMarkedPaid', { paymentId: number; orderId: number; reason: string; transactionHash: string; decidedBy: string }>;
/** A refund made outside the shop (from the merchant's wallet), noted so the payment's record says what happened. */
export type PaymentRefundNoted = DomainEvent<'PaymentRefundNoted', { paymentId: number; orderId: number; note: string; transactionHash: string | null; decidedBy: string }>;

export type PaymentTransferEvent = PaymentTransferDetected | PaymentTransferConfirmationsChanged | PaymentTransferDropped;
export type PaymentDecisionEvent = PaymentUnderpaymentAccepted | PaymentMarkedPaid | PaymentRefundNoted;

export type PaymentEvent = PaymentInitiated | PaymentConfirmed | PaymentFailed | PaymentQuoteClosed | PaymentTransferEvent | PaymentConfirmationUndone | PaymentDecisionEvent;

/** The `source` of a confirmation the chain gave: only such a confirmation is undone when its transfers leave the chain. */
export const CHAIN_WATCHER_SOURCE = 'chain watcher';

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
