import { z } from 'zod';

/** Checkout spec §3 Favorite (payload): the product to save. */
export const favoriteInputSchema = z
  .object({ productId: z.number({ message: 'productId must be a product id' }).int('productId must be a product id').positive('productId must be a product id').max(999_999_999) })
  .strict();

export type FavoriteInput = z.infer<typeof favoriteInputSchema>;
