import { PaymentStatus } from '../../ordering/contract/checkout-rules';

/** A payment as the API answers it; shared with the storefront. */
export interface PaymentView {
  id: number;
  orderId: number;
  paymentMethod: string;
  coin: string;
  /** The order total in AUD that the payment settles. */
  amount: string;
  cryptoAmount: string;
  walletAddress: string;
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
