import { DomainEvent } from '../../shared/contract/domain-event';

/** Descriptive fields of a product that change without touching price or stock. */
export interface ProductDetails {
  name: string;
  sku: string;
  description: string;
  imageUrl: string | null;
  grade: string | null;
  dosage: string | null;
  contents: string | null;
  badges: string[];
  categoryId: number | null;
}

export interface ProductPricing {
  /** Decimal string in AUD, e.g. "89.00". */
  price: string;
  salePrice: string | null;
  isOnSale: boolean;
}

export type ProductCreated = DomainEvent<
  'ProductCreated',
  { productId: number } & ProductDetails & ProductPricing & { stock: number; isActive: boolean }
>;
export type ProductDetailsChanged = DomainEvent<'ProductDetailsChanged', { productId: number; changes: Partial<ProductDetails> }>;
export type ProductPricingChanged = DomainEvent<'ProductPricingChanged', { productId: number } & ProductPricing>;
export type ProductActivated = DomainEvent<'ProductActivated', { productId: number }>;
export type ProductDeactivated = DomainEvent<'ProductDeactivated', { productId: number }>;
/** Deleted by an administrator before any order held it: it leaves the catalogue (a product with order history is only deactivated). */
export type ProductRemoved = DomainEvent<'ProductRemoved', { productId: number; sku: string }>;
/** Carries the level after the change, so that read models can apply it idempotently. */
export type StockAdjusted = DomainEvent<'StockAdjusted', { productId: number; delta: number; reason: string; stockAfter: number }>;

/** Stock held for an order; released again when the order is rejected or cancelled. */
export type StockReserved = DomainEvent<'StockReserved', { productId: number; orderId: number; quantity: number; stockAfter: number }>;
export type StockReleased = DomainEvent<'StockReleased', { productId: number; orderId: number; quantity: number; stockAfter: number; reason: string }>;

export type ProductEvent =
  | ProductCreated
  | StockReserved
  | StockReleased
  | ProductDetailsChanged
  | ProductPricingChanged
  | ProductActivated
  | ProductDeactivated
  | ProductRemoved
  | StockAdjusted;

export type CategoryCreated = DomainEvent<'CategoryCreated', { categoryId: number; name: string; description: string | null }>;
export type CategoryDetailsChanged = DomainEvent<'CategoryDetailsChanged', { categoryId: number; name: string; description: string | null }>;

/** Issue 21: a category no product is in is removed from every list; one that still holds products is deactivated (hidden from the storefront, kept for its products). */
export type CategoryRemoved = DomainEvent<'CategoryRemoved', { categoryId: number; name: string }>;
export type CategoryDeactivated = DomainEvent<'CategoryDeactivated', { categoryId: number; name: string; products: number }>;

export type CategoryEvent = CategoryCreated | CategoryDetailsChanged | CategoryRemoved | CategoryDeactivated;

export const productStream = (productId: number) => `product-${productId}`;
export const categoryStream = (categoryId: number) => `category-${categoryId}`;

/** Why an order cannot have the quantity it asks for; names the product, as checkout spec §7 wants. */
export function shortOfStockMessage(name: string, stock: number): string {
  return stock === 0 ? `${name} is out of stock` : `Only ${stock} of ${name} left in stock`;
}
