import { z } from 'zod';

/** An admin's manual confirmation: the transaction that paid, as its hash or id. */
export const confirmPaymentSchema = z.object({
  transactionHash: z.string({ message: 'transactionHash is required' }).trim().regex(/^[A-Za-z0-9_-]{8,128}$/, 'transactionHash must be 8 to 128 letters, digits, - or _'),
});

/** An admin's decision that a payment failed, with the reason shown in its timeline. */
export const failPaymentSchema = z.object({ reason: z.string({ message: 'reason is required' }).trim().min(1, 'reason is required').max(500) });
