import { z } from 'zod';
import { OrderTimelineEntryView } from './order-timeline';
import { OrderView } from './order.views';

/** One answer for every pair that does not match, so a lookup never tells whether an order number exists. */
export const ORDER_LOOKUP_NO_MATCH = 'No order matches this order number and e-mail address.';

/** "Find your order": the order number (as printed, "#1042" or "1042") and the e-mail it was placed with. */
export const orderLookupSchema = z
  .object({
    orderNumber: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().replace(/^#/, '') : value),
      z.coerce.number({ message: 'Enter the order number from your confirmation e-mail' }).int('Enter the order number from your confirmation e-mail').positive('Enter the order number from your confirmation e-mail').max(999_999_999, 'Enter the order number from your confirmation e-mail'),
    ),
    email: z.string({ message: 'Enter the e-mail address you ordered with' }).trim().toLowerCase().max(254).pipe(z.email({ message: 'Enter the e-mail address you ordered with' })),
  })
  .strict();
export type OrderLookupInput = z.infer<typeof orderLookupSchema>;

/** What an order cancelled by its buyer gives as its reason (the order's timeline and the audit log show it). */
export const CANCELLED_BY_CUSTOMER = 'Cancelled by the customer before payment';

/**
 * `POST /api/orders/:id/cancel`: nothing for the customer or the browser that placed it; a guest who found the
 * order through the lookup gives its e-mail again (checked and counted like a lookup).
 */
export const cancelOrderSchema = z.object({ email: orderLookupSchema.shape.email.optional() }).strict();
export type CancelOrderInput = z.infer<typeof cancelOrderSchema>;

/** `POST /api/orders/lookup`: the order and its history, everything the order page shows. */
export interface OrderLookupView {
  order: OrderView;
  timeline: OrderTimelineEntryView[];
}
