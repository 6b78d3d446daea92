import { z } from 'zod';
import { shippingAddressSchema } from '../../ordering/contract/order-input';

/** `POST /api/user/addresses` and `PUT /api/user/addresses/:id`: an address as checkout takes it, and whether it becomes the default. */
export const savedAddressInputSchema = shippingAddressSchema.extend({ makeDefault: z.boolean({ message: 'makeDefault must be true or false' }).default(false) }).strict();
export type SavedAddressInput = z.infer<typeof savedAddressInputSchema>;
