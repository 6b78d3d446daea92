import { z } from 'zod';

/** A numeric id in a route (`/api/orders/:id`): a whole number, or 400 naming what it is the id of. */
export const idParamSchema = (what: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${what} id must be a whole number`)
    .transform(Number);
