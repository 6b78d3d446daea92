import { OrderDetails } from '../contract/order.events';

/** A submitted order's details for specs: two vials of one product, bitcoin, regular shipping to Sydney. */
export const sampleOrderDetails = (overrides: Partial<OrderDetails> = {}): OrderDetails => ({
  orderId: 1001,
  customerId: null,
  customerEmail: 'ada@example.com',
  lines: [{ productId: 7, name: 'BPC-157 5mg', sku: 'PEP-BPC-5', quantity: 2, unitPrice: '65.00', lineTotal: '130.00' }],
  totals: { subtotal: '130.00', discountPercentage: 0, discountAmount: '0.00', shippingCost: '0.00', totalAmount: '130.00' },
  referralCode: null,
  shippingMethod: 'regular',
  paymentMethod: 'bitcoin',
  shippingAddress: { firstName: 'Ada', lastName: 'Lovelace', phone: '0412 345 678', address: '1 George St', city: 'Sydney', state: 'NSW', postalCode: '2000', country: 'Australia' },
  deliveryInstructions: null,
  paymentDueBy: '2030-05-01T10:00:00.000Z',
  ...overrides,
});
