import { ProductView } from '../../backend/src/catalogue/contract/catalogue.views';

export interface RecommendationInputs {
  /** What the customer bought in orders that were not cancelled: never recommended back. */
  bought: ReadonlySet<number>;
  /** Per other product, in how many orders it was bought together with something the customer bought. */
  boughtTogether: ReadonlyMap<number, number>;
  /** Units sold per product, over every customer's orders that were not cancelled. */
  unitsSold: ReadonlyMap<number, number>;
  /** The catalogue as it is now, inactive products included (a bought product's category still counts). */
  products: readonly ProductView[];
  limit: number;
}

/**
 * Checkout spec §2 Recommended for You: first what others bought together with this customer's
 * products (most often together first), then the best sellers of the categories they bought from,
 * then the shop's best sellers, so a new customer sees something too. Never a product they bought,
 * one that is inactive or one out of stock.
 */
export function rankRecommendations({ bought, boughtTogether, unitsSold, products, limit }: RecommendationInputs): ProductView[] {
  const sold = (product: ProductView) => unitsSold.get(product.id) ?? 0;
  const categories = new Set(products.filter((product) => bought.has(product.id) && product.categoryId !== null).map((product) => product.categoryId));
  const tier = (product: ProductView) => (boughtTogether.has(product.id) ? 0 : categories.has(product.categoryId) ? 1 : 2);
  return products
    .filter((product) => !bought.has(product.id) && product.isActive && product.stock > 0)
    .sort((a, b) => tier(a) - tier(b) || (boughtTogether.get(b.id) ?? 0) - (boughtTogether.get(a.id) ?? 0) || sold(b) - sold(a) || a.id - b.id)
    .slice(0, limit);
}
