import type { ProductView } from '../../catalogue/contract/catalogue.views';

/** The signed-in customer's lists as the API answers them (checkout spec §7 Customer); shared with the storefront. */

/** `GET /api/user/favorites`: a saved product that is still for sale, newest saved first. */
export interface FavoriteView {
  productId: number;
  addedAt: string;
  product: ProductView;
}

/**
 * `GET /api/user/order-history` (spec §3 Quick-reorder entry): one entry per product the customer
 * ordered, most recently ordered first. `quantity` sums their orders that were not cancelled;
 * `lastQuantity` is how many the latest of them held, what a quick reorder puts back in the cart.
 */
export interface OrderHistoryEntry {
  productId: number;
  name: string;
  quantity: number;
  lastQuantity: number;
  lastOrderDate: string;
}

/** Spec §9: the dashboard shows the first 3; the answer holds a few more for other places to choose from. */
export const RECOMMENDATIONS_LIMIT = 6;
/** How many products one customer may keep saved: bounds the stream's state and the list's answer. */
export const FAVORITES_LIMIT = 200;
