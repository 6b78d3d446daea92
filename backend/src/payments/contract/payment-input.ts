import { z } from 'zod';
import { CRYPTO_PAYMENT_METHOD_IDS } from '../../ordering/contract/checkout-rules';
import { pageQuerySchema } from '../../shared/contract/paging-input';
import { SETTLEMENT_STATES } from './payment-settlement';

/** An admin's manual confirmation: the transaction that paid, as its hash or id. */
export const confirmPaymentSchema = z.object({
  transactionHash: z.string({ message: 'transactionHash is required' }).trim().regex(/^[A-Za-z0-9_-]{8,128}$/, 'transactionHash must be 8 to 128 letters, digits, - or _'),
});

/** An admin's decision that a payment failed, with the reason shown in its timeline. */
export const failPaymentSchema = z.object({ reason: z.string({ message: 'reason is required' }).trim().min(1, 'reason is required').max(500) });

const note = (field: string) => z.string({ message: `${field} is required` }).trim().min(1, `${field} is required`).max(500, `${field} must be at most 500 characters`);
const optionalTransactionHash = confirmPaymentSchema.shape.transactionHash.optional();

/** Waiving the rest of an underpaid payment: the order is paid with what arrived. */
export const acceptUnderpaymentSchema = z.object({ note: note('note') });

/** Settling a payment the chain did not (paid late, or elsewhere): the reason is kept; the transaction defaults to the last one seen. */
export const markPaidSchema = z.object({ reason: note('reason'), transactionHash: optionalTransactionHash });

/** A refund made from the merchant's wallet, noted on the payment. */
export const refundNoteSchema = z.object({ note: note('note'), transactionHash: optionalTransactionHash });

/**
 * The Payments tab's filters (GET /api/admin/payments and its CSV export): a settlement state, a method,
 * and a search that matches the payment id, the order id or the transaction id, ignoring case (checkout spec §5).
 */
export const paymentFilterSchema = z
  .object({
    settlement: z.enum(SETTLEMENT_STATES, { message: `settlement must be one of ${SETTLEMENT_STATES.join(', ')}` }).optional(),
    method: z.enum(CRYPTO_PAYMENT_METHOD_IDS, { message: `method must be one of ${CRYPTO_PAYMENT_METHOD_IDS.join(', ')}` }).optional(),
    search: z.string().trim().max(200).optional(),
  })
  .strict();

export type PaymentFilter = z.infer<typeof paymentFilterSchema>;

/** GET /api/admin/payments: the filters and the page. */
export const paymentListSchema = paymentFilterSchema.extend(pageQuerySchema.shape).strict();

/** The columns of the Payments tab's export (checkout spec §5, Export), one row per payment. */
/** `Refunded (AUD)`: what was given back of the order this payment paid (issue 21), so revenue net of refunds adds up from the export too. */
export const PAYMENT_EXPORT_COLUMNS = ['Payment ID', 'Order ID', 'Payment Method', 'Amount (AUD)', 'Crypto Amount', 'Coin', 'Status', 'Failure Reason', 'Transaction', 'Wallet Address', 'Created', 'Refunded (AUD)'] as const;
