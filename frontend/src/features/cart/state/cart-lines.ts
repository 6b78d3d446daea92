import type { Product } from '../../../api/types';
import { Cents, effectivePriceCents, toCents } from '../../../lib/money';

/** Storefront spec §4: the cart's rules as pure functions over its lines. */
export interface CartLine {
  product: Product;
  quantity: number;
}

export function addLine(lines: CartLine[], product: Product, quantity = 1): CartLine[] {
  const existing = lines.find((line) => line.product.id === product.id);
  if (!existing) return [...lines, { product, quantity }];
  return lines.map((line) => (line.product.id === product.id ? { product, quantity: line.quantity + quantity } : line));
}

export function setLineQuantity(lines: CartLine[], productId: number, quantity: number): CartLine[] {
  if (quantity <= 0) return lines.filter((line) => line.product.id !== productId);
  return lines.map((line) => (line.product.id === productId ? { ...line, quantity } : line));
}

export function removeLine(lines: CartLine[], productId: number): CartLine[] {
  return lines.filter((line) => line.product.id !== productId);
}

export function totalItems(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

export function totalPriceCents(lines: CartLine[]): Cents {
  return lines.reduce((sum, line) => sum + effectivePriceCents(line.product) * line.quantity, 0);
}

export function totalSavingsCents(lines: CartLine[]): Cents {
  return lines.reduce((sum, line) => sum + (toCents(line.product.price) - effectivePriceCents(line.product)) * line.quantity, 0);
}

/** A saved cart is trusted only when every line has the shape the cart writes. */
export function parseSavedCart(raw: unknown): CartLine[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const valid = raw.every(
    (line) =>
      typeof line === 'object' &&
      line !== null &&
      Number.isInteger((line as CartLine).quantity) &&
      (line as CartLine).quantity > 0 &&
      typeof (line as CartLine).product?.id === 'number' &&
      typeof (line as CartLine).product?.price === 'string',
  );
  return valid ? (raw as CartLine[]) : undefined;
}
