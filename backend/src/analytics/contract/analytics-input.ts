import { z } from 'zod';
import { ANALYTICS_PERIODS, DEFAULT_ANALYTICS_PERIOD } from './analytics.views';

const utmValue = z.string().trim().max(100).optional();

/** `POST /api/analytics/pageview`: what the SPA reports of a route view. Never an identifier. */
export const pageViewSchema = z
  .object({
    path: z.string().trim().min(1).max(300).regex(/^\//, 'path must start with /'),
    referrer: z.string().trim().max(2048).optional().nullable(),
    utm: z.object({ source: utmValue, medium: utmValue, campaign: utmValue, term: utmValue, content: utmValue }).strict().optional(),
  })
  .strict();
export type PageViewInput = z.infer<typeof pageViewSchema>;

/** `POST /api/analytics/event`: the funnel's steps the SPA sees (add to cart, checkout started, order placed). */
export const funnelEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('add_to_cart'), productId: z.number().int().positive(), quantity: z.number().int().min(1).max(1000) }).strict(),
  z.object({ type: z.literal('checkout_started') }).strict(),
  z.object({ type: z.literal('order_placed'), orderId: z.number().int().positive() }).strict(),
]);
export type FunnelEventInput = z.infer<typeof funnelEventSchema>;

/** `?days=7|30|90` (30 when left out); anything else is a 400. */
export const periodQuerySchema = z
  .object({
    days: z
      .string({ message: `days must be one of ${ANALYTICS_PERIODS.join(', ')}` })
      .optional()
      .transform((value) => value ?? String(DEFAULT_ANALYTICS_PERIOD))
      .refine((value) => (ANALYTICS_PERIODS as readonly number[]).includes(Number(value)) && /^\d+$/.test(value), `days must be one of ${ANALYTICS_PERIODS.join(', ')}`)
      .transform(Number),
  })
  .strict();

export const exportQuerySchema = z
  .object({
    days: periodQuerySchema.shape.days,
    format: z.enum(['csv', 'json'], { message: 'format must be csv or json' }).default('csv'),
  })
  .strict();
