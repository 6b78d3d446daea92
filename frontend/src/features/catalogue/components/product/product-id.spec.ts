import { addableQuantity, parseProductId } from './product-id';

describe('product detail route and stepper rules', () => {
  it('accepts only a plain positive integer as a product id', () => {
    expect(parseProductId('12')).toBe(12);
    for (const raw of [undefined, '', '0', '-4', '012', '1.5', '1e3', 'abc', '12abc', '9'.repeat(16)]) expect(parseProductId(raw)).toBeNull();
  });

  it('caps what can be added at the stock minus what is already in the cart, never below zero', () => {
    expect(addableQuantity(10, 0)).toBe(10);
    expect(addableQuantity(10, 7)).toBe(3);
    expect(addableQuantity(10, 10)).toBe(0);
    expect(addableQuantity(3, 5)).toBe(0);
  });
});
