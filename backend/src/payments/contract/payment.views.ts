import { CryptoPaymentMethod, PaymentStatus } from '../../ordering/contract/checkout-rules';
import { AddressDerivation, AddressFamily } from './payment.events';
import { ChainSettlement, TransferRecord } from './payment-settlement';

/** A transfer into the payment's address as the chain watcher saw it. */
export interface PaymentTransferView extends TransferRecord {
  /** Seen after the quote expired. */
  late: boolean;
  /** The transaction on a block explorer (EXPLORER_*_TX prefixes). */
  explorerUrl: string;
}

/** An administrator's decision on the payment, oldest first. */
export interface PaymentDecisionView {
  kind: 'underpayment-accepted' | 'marked-paid' | 'refund-noted';
  /** The note or reason the administrator gave. */
  note: string;
  transactionHash: string | null;
  /** `admin:<e-mail>` */
  decidedBy: string;
  at: string;
}

/** A payment as the API answers it; shared with the storefront. */
export interface PaymentView {
  id: number;
  orderId: number;
  paymentMethod: string;
  coin: string;
  /** The order total in AUD that the payment settles. */
  amount: string;
  cryptoAmount: string;
  /** The crypto amount in the coin's smallest unit (satoshi, wei, token units); null for quotes made before it was recorded. */
  cryptoAmountUnits: string | null;
  walletAddress: string;
  /** Where a derived address comes from; null for a fixed address. */
  addressDerivation: AddressDerivation | null;
  /** The rate sources of the quote (exchanges, or `fixed`); null for quotes made before they were recorded. */
  rateSources: string[] | null;
  paymentUri: string;
  status: PaymentStatus;
  transactionId: string | null;
  blockchainTxHash: string | null;
  failureReason: string | null;
  expiresAt: string;
  /** When the transfer was confirmed, or the payment failed or was closed: the Transaction Timeline's times. */
  confirmedAt: string | null;
  failedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /**
   * What the chain shows (chain-watched payments; `awaiting` with no transfers otherwise). `state` is finer than
   * `status`: `expired` once an awaited quote's time is up, `underpaid` with `amountDueUnits` still to pay, …
   */
  settlement: ChainSettlement;
  /** `settlement.amountDueUnits` in the coin (e.g. "0.0012"). */
  amountDue: string;
  /** A wallet URI for what is still due, to the same address at the locked rate; null when nothing is due or the payment no longer takes transfers. */
  remainderUri: string | null;
  /** Whether a chain watcher follows this payment (else an administrator confirms it). */
  watched: boolean;
  /** The chain's height when quoted (where a watcher starts); null when no watcher was configured. */
  fromHeight: number | null;
  transfers: PaymentTransferView[];
  decisions: PaymentDecisionView[];
}

/** How the shop takes crypto payments, for the admin Payments tab (GET /api/admin/payments/settings). */
export interface PaymentsSettingsView {
  /** `xpub`: some methods get a new address per payment from the merchant's extended public keys; `fixed`: the configured (or demo) addresses only, confirmed by hand. */
  addressMode: 'xpub' | 'fixed';
  coins: Record<CryptoPaymentMethod, 'derived' | 'fixed'>;
  accounts: { family: AddressFamily; xpubFingerprint: string; accountPath: string }[];
  /**
   * Per method: `watched` when a chain watcher confirms its payments after `confirmations` blocks (a derived
   * address and the network's node configured, e.g. ETH_RPC_URL), else `manual`: an admin confirms each payment.
   */
  confirmation: Record<CryptoPaymentMethod, { mode: 'watched'; confirmations: number } | { mode: 'manual'; confirmations: null }>;
  chain: { pollSeconds: number; graceMinutes: number; tokenContracts: { 'usdt-erc20': string; usdc: string } };
  rates: {
    /** `live`: the median of fresh exchange prices; `fixed`: the spec's demo rates. */
    mode: 'live' | 'fixed';
    sources: string[];
    /** Fresh prices needed for each rate (BTC, ETH, USDT, USDC, AUD). */
    minSources: Record<string, number> | null;
    maxAgeSeconds: number | null;
    quoteMinutes: number;
  };
}

/** A payment as the read model keeps it: the view without what the server's settings add (explorer links, amounts in the coin, wallet URIs). */
export type PaymentRecord = Omit<PaymentView, 'amountDue' | 'remainderUri' | 'transfers'> & { transfers: (TransferRecord & { late: boolean })[] };
