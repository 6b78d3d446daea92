import { formatCents, parseCents } from '../../shared/money';

/**
 * Issue 22: prices are GST-inclusive (the Australian convention) and every supply the shop makes is taxable, shipping
 * included, so the GST in a total is one eleventh of it. The shop rounds once, on the order's total, to the nearest
 * cent with a half cent rounded up (the ATO's rule for rounding at the invoice level); in whole cents, never floats.
 */
export function gstIncludedCents(totalCents: number): number {
  return Math.floor((2 * totalCents + 11) / 22);
}

/** The GST included in a GST-inclusive amount in A$ ("144.00" → "13.09"). */
export function gstIncluded(totalAmount: string): string {
  return formatCents(gstIncludedCents(parseCents(totalAmount)));
}
