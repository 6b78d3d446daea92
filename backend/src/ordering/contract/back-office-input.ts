import { z } from 'zod';
import { dayParamSchema, pageQuerySchema } from '../../shared/contract/paging-input';
import { CARRIERS, ORDER_STATUSES } from './checkout-rules';
import { isDecimalAmount, normaliseAmount } from '../../shared/money';

/** Checkout spec §5, back-office shipping dialog. */
export const MISSING_SHIPPING = 'Missing Information: Please fill in tracking number and shipping carrier.';

export const orderStatusSchema = z.object({ status: z.enum(ORDER_STATUSES, { message: `status must be one of ${ORDER_STATUSES.join(', ')}` }) });

/**
 * The back office's order list (`GET /api/admin/orders`, `GET /api/orders`): a status, an order number or
 * part of the customer's e-mail or name, store days from and to (both included), and the page.
 */
export const orderListSchema = pageQuerySchema
  .extend({
    status: z.enum(ORDER_STATUSES, { message: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
    search: z.string().trim().max(200).optional(),
    from: dayParamSchema.optional(),
    to: dayParamSchema.optional(),
  })
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'from must not be after to', path: ['from'] });

export const shippingSchema = z.object({
  trackingNumber: z.string({ message: MISSING_SHIPPING }).trim().min(1, MISSING_SHIPPING).max(100),
  shippingCarrier: z.enum(CARRIERS, { message: MISSING_SHIPPING }),
  adminNotes: z.string().trim().max(2000).nullish().transform((value) => value || null),
  status: z.literal('shipped').optional(),
});

export const referralCodeSchema = z
  .object({
    code: z.string().trim().regex(/^[A-Za-z0-9_-]{3,40}$/, 'A code has 3 to 40 letters, digits, - or _'),
    discountPercentage: z.number({ message: 'Enter a whole percentage from 1 to 90' }).int('Enter a whole percentage from 1 to 90').min(1, 'Enter a whole percentage from 1 to 90').max(90, 'Enter a whole percentage from 1 to 90'),
  })
  .strict();

const REFUND_AMOUNT = 'Enter the amount to refund in A$, e.g. 25.00';
/**
 * `POST /api/admin/orders/:id/refunds` (issue 21): the amount in A$, why, whether the items go back on sale, and
 * for a crypto order the customer's address and the transaction staff sent (the order decider checks both).
 */
export const refundSchema = z
  .object({
    amount: z.string({ message: REFUND_AMOUNT }).trim().refine(isDecimalAmount, REFUND_AMOUNT).transform(normaliseAmount),
    reason: z.string({ message: 'Say why the order is refunded' }).trim().min(1, 'Say why the order is refunded').max(500, 'Keep the reason under 500 characters'),
    restock: z.boolean({ message: 'restock must be true or false' }).default(false),
    refundAddress: z.string().trim().max(100).nullish().transform((value) => value || null),
    txHash: z.string().trim().max(200).nullish().transform((value) => value || null),
  })
  .strict();
export type RefundInput = z.infer<typeof refundSchema>;
