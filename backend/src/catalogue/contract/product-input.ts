import { z } from 'zod';
import { isDecimalAmount, normaliseAmount } from '../../shared/money';
import { ProductDetails, ProductPricing } from './catalogue.events';

/** An amount in AUD as the admin form sends it: "49.9", "49.90" or 49.9; normalised to "49.90". */
export const amountSchema = z
  .union([z.string().trim(), z.number().finite().nonnegative()])
  .transform((value) => (typeof value === 'number' ? String(value) : value))
  .refine(isDecimalAmount, 'must be an amount with at most 2 decimals, e.g. 49.90')
  .transform(normaliseAmount);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

/** The fields of a product as the back office's dialogs send them, without defaults. */
const productFields = {
  name: z.string().trim().min(1, 'Name is required').max(200),
  sku: z.string().trim().min(1, 'SKU is required').max(64),
  description: z.string().trim().max(5000).nullish().transform((value) => value ?? ''),
  price: amountSchema,
  salePrice: amountSchema.nullish().transform((value) => value ?? null),
  isOnSale: z.boolean(),
  stock: z.number().int('Stock must be a whole number').min(0, 'Stock must be at least 0').max(1_000_000),
  imageUrl: optionalText(2048),
  grade: optionalText(100),
  dosage: optionalText(100),
  contents: optionalText(500),
  badges: z.array(z.string().trim().min(1).max(40)).max(10),
  categoryId: z.number().int().positive().nullish().transform((value) => value ?? null),
  isActive: z.boolean(),
};

/** Create: a new product, with the spec's defaults (not on sale, stock 0, active, no badges). */
export const productInputSchema = z
  .object({ ...productFields, isOnSale: productFields.isOnSale.default(false), stock: productFields.stock.default(0), badges: productFields.badges.default([]), isActive: productFields.isActive.default(true) })
  .strict();

/** Update: only the fields sent change; a field left out keeps its value (badges, dosage and contents are not erased). */
export const productChangesSchema = z
  .object(productFields)
  .partial()
  .strict()
  .refine((changes) => Object.keys(changes).length > 0, 'Send at least one field to change');

export type ProductChanges = z.infer<typeof productChangesSchema>;

export type ProductInput = z.infer<typeof productInputSchema>;

export function splitProductInput(input: ProductInput): { details: ProductDetails; pricing: ProductPricing; stock: number; isActive: boolean } {
  const { price, salePrice, isOnSale, stock, isActive, ...details } = input;
  return { details, pricing: { price, salePrice: isOnSale ? salePrice : null, isOnSale }, stock, isActive };
}

/** `POST /api/admin/products/:id/stock`: units in (positive) or out (negative), and why. */
export const stockAdjustmentSchema = z
  .object({
    delta: z.number().int('delta must be a whole number').min(-1_000_000).max(1_000_000),
    reason: z.string().trim().min(1, 'reason is required').max(200),
  })
  .strict();

/** `POST /api/admin/categories` and `PUT /api/admin/categories/:id`: a name, and a description or none (blank is none). */
export const categoryInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(100),
    description: z.string().trim().max(1000).nullish().transform((value) => value || null),
  })
  .strict();
