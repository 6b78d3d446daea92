import type { Product } from '../api/types';
import { addLine, parseSavedCart, removeLine, setLineQuantity, totalItems, totalPriceCents, totalSavingsCents } from './cart-lines';

const product = (id: number, overrides: Partial<Product> = {}): Product => ({
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
});

describe('cart rules', () => {
  it('raises the quantity of a product already in the cart instead of adding a second line', () => {
    const lines = addLine(addLine([], product(1)), product(1), 2);
    expect(lines).toHaveLength(1);
    expect(lines[0].quantity).toBe(3);
  });

  it('appends a product that is not in the cart yet', () => {
    expect(addLine(addLine([], product(1)), product(2)).map((line) => line.product.id)).toEqual([1, 2]);
  });

  it('removes a line whose quantity is set to zero or less', () => {
    const lines = addLine(addLine([], product(1)), product(2));
    expect(setLineQuantity(lines, 1, 0).map((line) => line.product.id)).toEqual([2]);
    expect(setLineQuantity(lines, 2, -1).map((line) => line.product.id)).toEqual([1]);
    expect(removeLine(lines, 1).map((line) => line.product.id)).toEqual([2]);
  });

  it('counts every unit for the badge and totals with sale prices, in exact cents', () => {
    const onSale = product(1, { price: '65.00', salePrice: '52.00', isOnSale: true });
    const lines = addLine(addLine([], onSale, 2), product(2, { price: '0.10' }), 3);
    expect(totalItems(lines)).toBe(5);
    expect(totalPriceCents(lines)).toBe(2 * 5200 + 3 * 10);
    expect(totalSavingsCents(lines)).toBe(2 * 1300);
  });

  it('ignores a sale price when the product is not on sale', () => {
    const lines = addLine([], product(1, { price: '65.00', salePrice: '52.00', isOnSale: false }));
    expect(totalPriceCents(lines)).toBe(6500);
    expect(totalSavingsCents(lines)).toBe(0);
  });

  it('restores only a saved cart of the shape it wrote', () => {
    const saved = [{ product: product(1), quantity: 2 }];
    expect(parseSavedCart(JSON.parse(JSON.stringify(saved)))).toEqual(saved);
    expect(parseSavedCart({ not: 'a cart' })).toBeUndefined();
    expect(parseSavedCart([{ product: { id: '1' }, quantity: 1 }])).toBeUndefined();
    expect(parseSavedCart([{ product: product(1), quantity: 0 }])).toBeUndefined();
  });
});
