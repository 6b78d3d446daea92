import { CryptoPaymentMethod, PaymentStatus } from '../../ordering/contract/checkout-rules';
import { AddressDerivation, AddressFamily } from './payment.events';

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
}

/** How the shop takes crypto payments, for the admin Payments tab (GET /api/admin/payments/settings). */
export interface PaymentsSettingsView {
  /** `xpub`: some methods get a new address per payment from the merchant's extended public keys; `fixed`: the configured (or demo) addresses only, confirmed by hand. */
  addressMode: 'xpub' | 'fixed';
  coins: Record<CryptoPaymentMethod, 'derived' | 'fixed'>;
  accounts: { family: AddressFamily; xpubFingerprint: string; accountPath: string }[];
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
