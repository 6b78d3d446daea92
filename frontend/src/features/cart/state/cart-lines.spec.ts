import { aProduct } from '../../../api/test-fixtures';
import { addLine, parseSavedCart, removeLine, setLineQuantity, totalItems, totalPriceCents, totalSavingsCents } from './cart-lines';


describe('cart rules', () => {
  it('raises the quantity of a product already in the cart instead of adding a second line', () => {
    const lines = addLine(addLine([], aProduct(1)), aProduct(1), 2);
    expect(lines).toHaveLength(1);
    expect(lines[0].quantity).toBe(3);
  });

  it('appends a product that is not in the cart yet', () => {
    expect(addLine(addLine([], aProduct(1)), aProduct(2)).map((line) => line.product.id)).toEqual([1, 2]);
  });

  it('removes a line whose quantity is set to zero or less', () => {
    const lines = addLine(addLine([], aProduct(1)), aProduct(2));
    expect(setLineQuantity(lines, 1, 0).map((line) => line.product.id)).toEqual([2]);
    expect(setLineQuantity(lines, 2, -1).map((line) => line.product.id)).toEqual([1]);
    expect(removeLine(lines, 1).map((line) => line.product.id)).toEqual([2]);
  });

  it('counts every unit for the badge and totals with sale prices, in exact cents', () => {
    const onSale = aProduct(1, { price: '65.00', salePrice: '52.00', isOnSale: true });
    const lines = addLine(addLine([], onSale, 2), aProduct(2, { price: '0.10' }), 3);
    expect(totalItems(lines)).toBe(5);
    expect(totalPriceCents(lines)).toBe(2 * 5200 + 3 * 10);
    expect(totalSavingsCents(lines)).toBe(2 * 1300);
  });

  it('ignores a sale price when the product is not on sale', () => {
    const lines = addLine([], aProduct(1, { price: '65.00', salePrice: '52.00', isOnSale: false }));
    expect(totalPriceCents(lines)).toBe(6500);
    expect(totalSavingsCents(lines)).toBe(0);
  });

  it('restores only a saved cart of the shape it wrote', () => {
    const saved = [{ product: aProduct(1), quantity: 2 }];
    expect(parseSavedCart(JSON.parse(JSON.stringify(saved)))).toEqual(saved);
    expect(parseSavedCart({ not: 'a cart' })).toBeUndefined();
    expect(parseSavedCart([{ product: { id: '1' }, quantity: 1 }])).toBeUndefined();
    expect(parseSavedCart([{ product: aProduct(1), quantity: 0 }])).toBeUndefined();
  });
});
