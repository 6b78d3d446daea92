import '../../../lib/zod-without-eval';
import { z } from 'zod';
import { amountSchema, ProductChanges, ProductInput, productInputSchema } from '../../../../../backend/src/catalogue/contract/product-input';
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '../../../../../backend/src/media/contract/upload-rules';
import type { Product } from '../../../api/types';
import { toCents } from '../../../lib/money';

/**
 * The back office's product form (checkout spec §5): what the admin types, its validation (built on
 * the rules of the server's own schema, contract/product-input.ts), and the two payloads made from it:
 * a whole product for create, and for edit only the fields the admin changed.
 */

/** The category select's "no category" option; it is sent as null. */
export const NO_CATEGORY = 'none';
/** Checkout spec §9: one image of at most 10 MB (10485760 bytes), as the server checks it. */
export const MAX_IMAGE_BYTES = MAX_UPLOAD_BYTES;

const MAX_BADGES = 10;
const MAX_STOCK = 1_000_000;
const MAX_BADGE_LENGTH = 40;

/** Every control of the dialog, as text or a tick, exactly as the inputs hold them. */
export interface ProductFormValues {
  name: string;
  sku: string;
  description: string;
  price: string;
  isOnSale: boolean;
  salePrice: string;
  stock: string;
  categoryId: string;
  imageUrl: string;
  grade: string;
  dosage: string;
  contents: string;
  /** Comma-separated, e.g. "Hot, Bestseller". */
  badges: string;
  isActive: boolean;
}

export type ProductFormField = keyof ProductFormValues;
/** react-hook-form's `formState.dirtyFields` for this form: true for each control the admin changed. */
export type DirtyFields = Partial<Record<ProductFormField, boolean | undefined>>;

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  sku: '',
  description: '',
  price: '',
  isOnSale: false,
  salePrice: '',
  stock: '0',
  categoryId: NO_CATEGORY,
  imageUrl: '',
  grade: '',
  dosage: '',
  contents: '',
  badges: '',
  isActive: true,
};

/** The edit dialog starts from the product as it is. */
export function productToFormValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    sku: product.sku,
    description: product.description ?? '',
    price: product.price,
    isOnSale: product.isOnSale,
    salePrice: product.salePrice ?? '',
    stock: String(product.stock),
    categoryId: product.categoryId === null ? NO_CATEGORY : String(product.categoryId),
    imageUrl: product.imageUrl ?? '',
    grade: product.grade ?? '',
    dosage: product.dosage ?? '',
    contents: product.contents ?? '',
    badges: product.badges.join(', '),
    isActive: product.isActive,
  };
}

/** Spec §5: stock defaults to 0 when the text is not a number. A fraction stays a fraction, so validation can refuse it. */
export function parseStock(text: string): number {
  const value = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(value) ? 0 : value;
}

/** "Hot, Bestseller ,, hot" → ["Hot", "Bestseller"]: trimmed, empty ones dropped, repeats (any case) once. */
export function parseBadges(text: string): string[] {
  const seen = new Set<string>();
  const badges: string[] = [];
  for (const part of text.split(',')) {
    const badge = part.trim();
    if (!badge || seen.has(badge.toLowerCase())) continue;
    seen.add(badge.toLowerCase());
    badges.push(badge);
  }
  return badges;
}

/** 'none' (or nothing) → null, otherwise the category's id. */
export function parseCategoryId(value: string): number | null {
  if (!value || value === NO_CATEGORY) return null;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

const orNull = (text: string) => text.trim() || null;

/** An uploaded image's object path (/objects/...), any same-origin path, or a web address. */
function isImageReference(text: string): boolean {
  return text === '' || text.startsWith('/') || /^https?:\/\/\S+$/i.test(text);
}

const contract = productInputSchema.shape;

function firstProblem(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
}

/** An amount in AUD with at most 2 decimals, by the contract's `amountSchema`; required. */
const amountText = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .refine((text) => text === '' || amountSchema.safeParse(text).success, `${label} must be an amount with at most 2 decimals, e.g. 49.90`);

const limitedText = (label: string, max: number) => z.string().trim().max(max, `${label} can be at most ${max} characters`);

export const productFormSchema = z
  .object({
    name: contract.name,
    sku: contract.sku,
    description: limitedText('Description', 5000),
    price: amountText('Price'),
    isOnSale: z.boolean(),
    // Checked below, and only when the product is on sale.
    salePrice: z.string().trim(),
    stock: z
      .string()
      .trim()
      .min(1, 'Stock is required')
      .superRefine((text, context) => {
        const stock = parseStock(text);
        const problem = stock > MAX_STOCK ? `Stock can be at most ${MAX_STOCK}` : firstProblem(contract.stock, stock);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
    categoryId: z.string(),
    imageUrl: limitedText('Image URL', 2048).refine(isImageReference, 'Enter a path such as /objects/... or a web address starting with https://'),
    grade: limitedText('Grade', 100),
    dosage: limitedText('Dosage', 100),
    contents: limitedText('Contents', 500),
    badges: z.string().superRefine((text, context) => {
      const badges = parseBadges(text);
      if (badges.length > MAX_BADGES) context.addIssue({ code: 'custom', message: `At most ${MAX_BADGES} badges` });
      const long = badges.find((badge) => badge.length > MAX_BADGE_LENGTH);
      if (long) context.addIssue({ code: 'custom', message: `Each badge can be at most ${MAX_BADGE_LENGTH} characters ("${long.slice(0, 20)}..." is longer)` });
    }),
    isActive: z.boolean(),
  })
  .superRefine((values, context) => {
    // Spec §5: the sale price is required only when On Sale is ticked; the server also wants it below the price.
    if (!values.isOnSale) return;
    const issue = (message: string) => context.addIssue({ code: 'custom', path: ['salePrice'], message });
    if (!values.salePrice) return issue('Sale price is required when the product is on sale');
    const sale = amountSchema.safeParse(values.salePrice);
    if (!sale.success) return issue('Sale price must be an amount with at most 2 decimals, e.g. 39.90');
    const price = amountSchema.safeParse(values.price);
    if (price.success && toCents(sale.data) >= toCents(price.data)) issue('The sale price must be lower than the price');
  });

/** `POST /api/admin/products`: the whole product, as `productInputSchema` parses it. */
export function toCreatePayload(values: ProductFormValues): ProductInput {
  return {
    name: values.name.trim(),
    sku: values.sku.trim(),
    description: values.description.trim(),
    price: amountSchema.parse(values.price),
    isOnSale: values.isOnSale,
    // Spec §5: sent only when On Sale is ticked, otherwise null.
    salePrice: values.isOnSale ? amountSchema.parse(values.salePrice) : null,
    stock: parseStock(values.stock),
    imageUrl: orNull(values.imageUrl),
    grade: orNull(values.grade),
    dosage: orNull(values.dosage),
    contents: orNull(values.contents),
    badges: parseBadges(values.badges),
    categoryId: parseCategoryId(values.categoryId),
    isActive: values.isActive,
  };
}

/** Controls whose values travel together: the sale price means nothing without the On Sale tick. */
const LINKED: Partial<Record<ProductFormField, (keyof ProductInput)[]>> = {
  isOnSale: ['isOnSale', 'salePrice'],
  salePrice: ['isOnSale', 'salePrice'],
};

/**
 * `PUT /api/admin/products/:id`: only what the admin changed, so a field the dialog did not touch
 * (badges, dosage, a stock count moved by an order meanwhile) keeps its value on the server. With
 * `initial`, a control changed and changed back (or only re-spaced) is not sent either.
 */
export function toChangesPayload(values: ProductFormValues, dirty: DirtyFields, initial?: ProductFormValues): ProductChanges {
  const next = toCreatePayload(values);
  const before = initial ? toCreatePayload(initial) : null;
  const keys = new Set<keyof ProductInput>();
  for (const field of Object.keys(values) as ProductFormField[]) {
    if (!dirty[field]) continue;
    for (const key of LINKED[field] ?? [field as keyof ProductInput]) keys.add(key);
  }
  const changes: Record<string, unknown> = {};
  for (const key of keys) {
    if (before && JSON.stringify(before[key]) === JSON.stringify(next[key])) continue;
    changes[key] = next[key];
  }
  // The On Sale pair goes together or not at all.
  if ('isOnSale' in changes || 'salePrice' in changes) {
    changes.isOnSale = next.isOnSale;
    changes.salePrice = next.salePrice;
  }
  return changes as ProductChanges;
}

/** Spec §5 and §9: an image of at most 10 MB, checked before anything is sent. Null when the file may be uploaded. */
export function imageFileProblem(file: { type: string; size: number; name: string }): string | null {
  if (!file.type.startsWith('image/')) return `${file.name} is not an image. Choose a PNG, JPEG, WebP, GIF or AVIF file.`;
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return `${file.name} is an image type the shop does not take. Choose a PNG, JPEG, WebP, GIF or AVIF file.`;
  if (file.size > MAX_IMAGE_BYTES) return `${file.name} is ${formatBytes(file.size)}; images can be at most 10 MB.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
