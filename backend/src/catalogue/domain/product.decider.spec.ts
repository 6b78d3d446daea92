import { ConflictError, InvalidInputError, NotFoundError } from '../../shared/errors';
import { ProductEvent } from '../contract/catalogue.events';
import { ProductCommand, productDecider, ProductState } from './product.decider';

const details = {
  name: 'BPC-157 5mg', sku: 'PEP-BPC-5', description: '', imageUrl: null, grade: null, dosage: null, contents: null, badges: [], categoryId: null,
};
const pricing = { price: '65.00', salePrice: null, isOnSale: false };

const given = (...events: ProductEvent[]): ProductState => events.reduce(productDecider.evolve, productDecider.initialState);
const created = (stock = 10): ProductEvent => ({ type: 'ProductCreated', version: 1, data: { productId: 7, ...details, ...pricing, stock, isActive: true } });
const decide = (command: ProductCommand, state: ProductState) => productDecider.decide(command, state);

describe('product decider', () => {
  it('creates a product once', () => {
    expect(decide({ kind: 'create', productId: 7, details, pricing, stock: 3, isActive: true }, given())).toEqual([
      { type: 'ProductCreated', version: 1, data: expect.objectContaining({ productId: 7, stock: 3, price: '65.00' }) },
    ]);
    expect(() => decide({ kind: 'create', productId: 7, details, pricing, stock: 3, isActive: true }, given(created()))).toThrow(ConflictError);
  });

  it('requires a sale price below the price when on sale', () => {
    const onSale = (salePrice: string | null) => ({ kind: 'create' as const, productId: 7, details, pricing: { price: '65.00', salePrice, isOnSale: true }, stock: 1, isActive: true });
    expect(() => decide(onSale(null), given())).toThrow(InvalidInputError);
    expect(() => decide(onSale('65.00'), given())).toThrow('lower than the price');
    expect(decide(onSale('52.00'), given())).toHaveLength(1);
  });

  it('turns a revision into only the facts that changed', () => {
    const events = decide({ kind: 'revise', details: { ...details, name: 'BPC-157 5mg vial' }, pricing, stock: 12, isActive: true }, given(created(10)));
    expect(events.map((e) => e.type)).toEqual(['ProductDetailsChanged', 'StockAdjusted']);
    expect(events[0].data).toEqual({ productId: 7, changes: { name: 'BPC-157 5mg vial' } });
    expect(events[1].data).toMatchObject({ delta: 2, stockAfter: 12 });
    expect(decide({ kind: 'revise', details, pricing, stock: 10, isActive: true }, given(created(10)))).toEqual([]);
  });

  it('never lets stock go below zero', () => {
    expect(() => decide({ kind: 'adjustStock', delta: -11, reason: 'count' }, given(created(10)))).toThrow('Only 10 of BPC-157 5mg in stock');
    expect(decide({ kind: 'adjustStock', delta: -10, reason: 'count' }, given(created(10)))[0].data).toMatchObject({ stockAfter: 0 });
  });

  it('deactivates an active product once and refuses unknown products', () => {
    const state = given(created());
    expect(decide({ kind: 'deactivate' }, state).map((e) => e.type)).toEqual(['ProductDeactivated']);
    expect(decide({ kind: 'deactivate' }, given(created(), { type: 'ProductDeactivated', version: 1, data: { productId: 7 } }))).toEqual([]);
    expect(() => decide({ kind: 'deactivate' }, given())).toThrow(NotFoundError);
  });

  it('reserves stock for an order once and releases exactly what was reserved', () => {
    const reserved = decide({ kind: 'reserve', orderId: 1001, quantity: 4 }, given(created(10)));
    expect(reserved[0]).toMatchObject({ type: 'StockReserved', data: { quantity: 4, stockAfter: 6 } });
    const state = given(created(10), ...reserved);
    expect(decide({ kind: 'reserve', orderId: 1001, quantity: 4 }, state)).toEqual([]);
    expect(decide({ kind: 'release', orderId: 1001, reason: 'cancelled' }, state)[0].data).toMatchObject({ quantity: 4, stockAfter: 10 });
    expect(decide({ kind: 'release', orderId: 2002, reason: 'cancelled' }, state)).toEqual([]);
  });

  it('refuses a reservation beyond the stock, naming the product', () => {
    expect(() => decide({ kind: 'reserve', orderId: 1, quantity: 11 }, given(created(10)))).toThrow('Only 10 of BPC-157 5mg left in stock');
    expect(() => decide({ kind: 'reserve', orderId: 1, quantity: 1 }, given(created(0)))).toThrow('BPC-157 5mg is out of stock');
  });
});
