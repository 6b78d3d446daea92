import { z } from 'zod';
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

/** GET /api/admin/payments?settlement=underpaid */
export const paymentListFilterSchema = z.object({
  settlement: z.enum(SETTLEMENT_STATES, { message: `settlement must be one of ${SETTLEMENT_STATES.join(', ')}` }).optional(),
});
