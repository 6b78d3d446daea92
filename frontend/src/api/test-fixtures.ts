/** Products and categories as the API answers them, for unit tests of the storefront's pure rules. */
import type { Category, Product } from './types';

export function aProduct(id: number, overrides: Partial<Product> = {}): Product {
  return {
    id,
    name: `Product ${id}`,
    sku: `SKU-${id}`,
    description: '',
    price: '65.00',
    salePrice: null,
    isOnSale: false,
    stock: 10,
    imageUrl: null,
    grade: null,
    dosage: null,
    contents: null,
    badges: [],
    categoryId: 1,
    isActive: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    averageRating: 0,
    totalReviews: 0,
    ...overrides,
  };
}

export function aCategory(id: number, name: string): Category {
  return { id, name, description: null, productCount: 0 };
}
