import { z } from 'zod';
import { UPLOAD_ID } from '../../media/contract/media-input';
import { orderLookupSchema } from './order-lookup';

/**
 * Returns after delivery (issue 21), by the `/returns` policy: within 30 days of delivery, unopened and unused,
 * with prior authorization. The buyer asks (which lines, why, photos); staff authorize or refuse, mark the parcel
 * received, then refund it through the refund route, which closes the return.
 */
export const RETURN_WINDOW_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment a return may be asked for: RETURN_WINDOW_DAYS after the delivery, in ms since the epoch. */
export function returnWindowEnd(deliveredAt: string): number {
  return Date.parse(deliveredAt) + RETURN_WINDOW_DAYS * DAY_MS;
}

/** What returned lines are refunded at: their cost on the order less the order's discount on it, in cents rounded half up (shipping is not refunded). */
export function returnAmountCents(linesCents: number, discountPercentage: number): number {
  return linesCents - Math.floor((linesCents * discountPercentage + 50) / 100);
}
export const MAX_RETURN_PHOTOS = 5;

export const RETURN_MESSAGES = {
  unopened: 'Only unopened, unused items can be returned: please confirm they are.',
  reason: 'Tell us why you are returning the items (at least 10 characters)',
  notAPhoto: 'Each photo must be an image you uploaded',
  tooManyPhotos: `You can add up to ${MAX_RETURN_PHOTOS} photos.`,
  lines: 'Choose the items to return',
} as const;

/** The order page's return photos: served to the order's buyer and staff only. */
export const RETURN_PHOTO_THUMBNAIL = 320;
export const RETURN_PHOTO_FULL = 1280;
export function returnPhotoPath(orderId: number, photoId: string, width: number): string {
  return `/api/orders/${orderId}/return-photos/${photoId}/${width}.webp`;
}

/**
 * `POST /api/orders/:id/returns`: the lines (every line of the order when left out), the reason, the buyer's word
 * that the items are unopened, photos (uploads of a signed-in buyer), and for a guest who found the order through
 * the lookup its e-mail again (as for a cancellation).
 */
export const returnRequestSchema = z
  .object({
    lines: z
      .array(
        z.object({
          productId: z.number({ message: RETURN_MESSAGES.lines }).int(RETURN_MESSAGES.lines).positive(RETURN_MESSAGES.lines),
          quantity: z.number({ message: 'Enter how many to return' }).int('Enter how many to return').min(1, 'Enter how many to return').max(1000, 'Enter how many to return'),
        }).strict(),
        { message: RETURN_MESSAGES.lines },
      )
      .min(1, RETURN_MESSAGES.lines)
      .max(50, RETURN_MESSAGES.lines)
      .refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, 'Each item may be listed once')
      .optional(),
    reason: z.string({ message: RETURN_MESSAGES.reason }).trim().min(10, RETURN_MESSAGES.reason).max(2000, 'Keep the reason under 2000 characters'),
    unopened: z.literal(true, { message: RETURN_MESSAGES.unopened }),
    photos: z
      .array(z.string({ message: RETURN_MESSAGES.notAPhoto }).regex(UPLOAD_ID, RETURN_MESSAGES.notAPhoto), { message: RETURN_MESSAGES.notAPhoto })
      .max(MAX_RETURN_PHOTOS, RETURN_MESSAGES.tooManyPhotos)
      .refine((ids) => new Set(ids).size === ids.length, 'The same photo is added twice')
      .default([]),
    email: orderLookupSchema.shape.email.optional(),
  })
  .strict();
export type ReturnRequestInput = z.infer<typeof returnRequestSchema>;

const optionalNote = z.string().trim().max(2000, 'Keep it under 2000 characters').nullish().transform((value) => value || null);

/** `POST /api/admin/orders/:id/returns/authorize`: what the buyer should do (where to send it), mailed to them. */
export const authorizeReturnSchema = z.object({ instructions: optionalNote }).strict();
/** `POST /api/admin/orders/:id/returns/refuse`: why, mailed to the buyer. */
export const refuseReturnSchema = z
  .object({ reason: z.string({ message: 'Say why the return is refused' }).trim().min(1, 'Say why the return is refused').max(2000, 'Keep it under 2000 characters') })
  .strict();
/** `POST /api/admin/orders/:id/returns/receive`: the parcel is back; a note on its state. */
export const receiveReturnSchema = z.object({ note: optionalNote }).strict();
