/**
 * Prices arrive as AUD decimal strings. They are summed as integer cents and converted to a
 * display currency only when shown, so no total is ever the sum of floats.
 */
export type Cents = number;

export function toCents(decimal: string): Cents {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!match) throw new Error(`Not a price: ${decimal}`);
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

export function centsToDecimal(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

export interface PricedProduct {
  price: string;
  salePrice: string | null;
  isOnSale: boolean;
}

/** Spec §4: the sale price counts when the product is on sale and has one. */
export function effectivePriceCents(product: PricedProduct): Cents {
  return product.isOnSale && product.salePrice !== null ? toCents(product.salePrice) : toCents(product.price);
}

export function isDiscounted(product: PricedProduct): boolean {
  return product.isOnSale && product.salePrice !== null && toCents(product.salePrice) < toCents(product.price);
}
