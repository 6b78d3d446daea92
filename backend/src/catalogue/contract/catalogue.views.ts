/** The catalogue as the API answers it; free of framework code, so the storefront shares these types. */

/** A product as the catalogue keeps it (storefront spec §3). */
export interface CatalogueProduct {
  id: number;
  name: string;
  sku: string;
  description: string;
  price: string;
  salePrice: string | null;
  isOnSale: boolean;
  stock: number;
  imageUrl: string | null;
  grade: string | null;
  dosage: string | null;
  contents: string | null;
  badges: string[];
  categoryId: number | null;
  isActive: boolean;
  createdAt: string;
}

/** A product as the API answers it: with its rating summary from the reviews read model. */
export interface ProductView extends CatalogueProduct {
  averageRating: number;
  totalReviews: number;
}

export interface CategoryView {
  id: number;
  name: string;
  description: string | null;
  productCount: number;
}

/** `GET /api/admin/categories`: every category not removed, with whether the storefront shows it. */
export interface AdminCategoryView extends CategoryView {
  isActive: boolean;
}

/** `DELETE /api/admin/categories/:id`: removed (it held no product) or deactivated (it still holds some). */
export interface CategoryRemovalView {
  message: string;
  outcome: 'removed' | 'deactivated';
}

/** A product as checkout prices it, read from its stream (ProductsForSale), not from a read model that may lag. */
export interface ProductForSale {
  productId: number;
  name: string;
  sku: string;
  price: string;
  salePrice: string | null;
  isOnSale: boolean;
  stock: number;
}

/** Spec §9: a product with this many units or fewer is low in stock (its badge, and the back office's low-stock list). */
export const LOW_STOCK_THRESHOLD = 10;
/** The most products the back office's low-stock list shows, the fewest units first. */
export const LOW_STOCK_LIST_LIMIT = 50;
