/** A route's :id names a product only when it is a positive integer written plainly ("12", not "012", "1e3" or "-4"). */
export function parseProductId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,14}$/.test(raw)) return null;
  return Number(raw);
}

/** How many more the shopper may add: the stock minus what their cart already holds. */
export function addableQuantity(stock: number, alreadyInCart: number): number {
  return Math.max(0, stock - alreadyInCart);
}
