import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE } from './paging';

/** The paging parameters of a list request (`?page=&pageSize=`), kept apart from paging.ts so that reading the constants costs no zod. */
const wholeNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${name} must be a whole number from ${min} to ${max}` })
    .int(`${name} must be a whole number from ${min} to ${max}`)
    .min(min, `${name} must be a whole number from ${min} to ${max}`)
    .max(max, `${name} must be a whole number from ${min} to ${max}`);

export const pageQuerySchema = z.object({
  page: wholeNumber('page', 1, MAX_PAGE).default(1),
  pageSize: wholeNumber('pageSize', 1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

/** A day (YYYY-MM-DD) for a date filter. */
export const dayParamSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Dates are YYYY-MM-DD');
