import { ProductForSale } from '../../catalogue/contract/catalogue.views';
import { InvalidInputError } from '../../shared/errors';
import { ORDER_LIMITS, shippingCostCents, ShippingMethod } from '../contract/checkout-rules';
import { Cents, formatCents, parseCents } from '../../shared/money';
import { OrderLine, OrderTotals } from '../contract/order.events';

export type PricedProduct = Omit<ProductForSale, 'stock'>;

/** What a shopper pays per unit: the sale price while the product is on sale. */
export function unitPriceCents(product: PricedProduct): Cents {
  return product.isOnSale && product.salePrice !== null ? parseCents(product.salePrice) : parseCents(product.price);
}

/**
 * Total = subtotal - discount + shipping (checkout spec §9), all in integer cents.
 * The discount is a whole percentage of the subtotal, rounded half up to the cent; regular
 * shipping is free from A$100 after discount.
 */
export function priceOrder(
  lines: { product: PricedProduct; quantity: number }[],
  discountPercentage: number,
  shippingMethod: ShippingMethod,
): { lines: OrderLine[]; totals: OrderTotals } {
  let subtotal = 0;
  const priced = lines.map(({ product, quantity }) => {
    const unit = unitPriceCents(product);
    subtotal += unit * quantity;
    return { productId: product.productId, name: product.name, sku: product.sku, quantity, unitPrice: formatCents(unit), lineTotal: formatCents(unit * quantity) };
  });
  const discount = Math.floor((subtotal * discountPercentage + 50) / 100);
  const shipping = shippingCostCents(shippingMethod, subtotal - discount);
  return {
    lines: priced,
    totals: {
      subtotal: formatCents(subtotal),
      discountPercentage,
      discountAmount: formatCents(discount),
      shippingCost: formatCents(shipping),
      totalAmount: formatCents(subtotal - discount + shipping),
    },
  };
}

export interface CartLine {
  productId: number;
  quantity: number;
}

/** The same product twice in a cart is one line with the summed quantity. */
export function mergeLines(cart: CartLine[]): CartLine[] {
  const merged = new Map<number, number>();
  for (const { productId, quantity } of cart) merged.set(productId, (merged.get(productId) ?? 0) + quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

/** ORDER_LIMITS, checked on the merged lines, so splitting a product over two lines gains nothing. */
export function assertWithinOrderLimits(lines: CartLine[]): void {
  if (lines.length > ORDER_LIMITS.lines) throw new InvalidInputError(`An order can hold at most ${ORDER_LIMITS.lines} different products`);
  if (lines.some((line) => line.quantity > ORDER_LIMITS.unitsPerLine)) {
    throw new InvalidInputError(`An order can hold at most ${ORDER_LIMITS.unitsPerLine} units of one product`);
  }
  if (lines.reduce((sum, line) => sum + line.quantity, 0) > ORDER_LIMITS.units) throw new InvalidInputError(`An order can hold at most ${ORDER_LIMITS.units} units in total`);
}
