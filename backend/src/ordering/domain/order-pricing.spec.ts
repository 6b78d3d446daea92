import { priceOrder, PricedProduct } from './order-pricing';

const product = (price: string, sale: string | null = null): PricedProduct => ({ productId: 1, name: 'BPC-157 5mg', sku: 'PEP-BPC-5', price, salePrice: sale, isOnSale: sale !== null });

describe('order pricing', () => {
  it('charges sale prices and adds shipping to the subtotal less the discount', () => {
    const { lines, totals } = priceOrder([{ product: product('65.00', '52.00'), quantity: 1 }], 5, 'express');
    expect(lines[0]).toMatchObject({ unitPrice: '52.00', lineTotal: '52.00' });
    expect(totals).toEqual({ subtotal: '52.00', discountPercentage: 5, discountAmount: '2.60', shippingCost: '15.00', totalAmount: '64.40' });
  });

  it('ships regular orders free from A$100 after discount, as the storefront advertises', () => {
    expect(priceOrder([{ product: product('50.00'), quantity: 2 }], 0, 'regular').totals).toMatchObject({ shippingCost: '0.00', totalAmount: '100.00' });
    expect(priceOrder([{ product: product('99.99'), quantity: 1 }], 0, 'regular').totals).toMatchObject({ shippingCost: '10.00', totalAmount: '109.99' });
    expect(priceOrder([{ product: product('100.00'), quantity: 1 }], 5, 'regular').totals).toMatchObject({ discountAmount: '5.00', shippingCost: '10.00', totalAmount: '105.00' });
  });

  it('keeps express and cash-on-delivery delivery paid whatever the order size', () => {
    expect(priceOrder([{ product: product('300.00'), quantity: 1 }], 0, 'express').totals.shippingCost).toBe('15.00');
    expect(priceOrder([{ product: product('300.00'), quantity: 1 }], 0, 'cash_on_delivery').totals.shippingCost).toBe('50.00');
  });

  it('rounds a percentage discount half up to the cent', () => {
    expect(priceOrder([{ product: product('0.10'), quantity: 1 }], 5, 'express').totals.discountAmount).toBe('0.01');
    expect(priceOrder([{ product: product('0.09'), quantity: 1 }], 5, 'express').totals.discountAmount).toBe('0.00');
  });
});
