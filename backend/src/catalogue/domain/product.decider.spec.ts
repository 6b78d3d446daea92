import { ConflictError, InvalidInputError, NotFoundError } from '../../shared/errors';
import { DeciderSpecification } from '../../shared/event-sourcing/decider-specification';
import { ProductDetails, ProductEvent, ProductPricing } from '../contract/catalogue.events';
import { ProductCommand, productDecider } from './product.decider';

const details: ProductDetails = {
  name: 'BPC-157 5mg', sku: 'PEP-BPC-5', description: '', imageUrl: null, grade: null, dosage: null, contents: null, badges: [], categoryId: null,
};
const pricing: ProductPricing = { price: '65.00', salePrice: null, isOnSale: false };
const onSale = (salePrice: string | null): ProductPricing => ({ price: '65.00', salePrice, isOnSale: true });
const CORRECTED = 'Stock count corrected by an administrator';

const created = (stock = 10, isActive = true): ProductEvent => ({ type: 'ProductCreated', version: 1, data: { productId: 7, ...details, ...pricing, stock, isActive } });
const detailsChanged = (changes: Partial<ProductDetails>): ProductEvent => ({ type: 'ProductDetailsChanged', version: 1, data: { productId: 7, changes } });
const pricingChanged = (next: ProductPricing): ProductEvent => ({ type: 'ProductPricingChanged', version: 1, data: { productId: 7, ...next } });
const activated = (): ProductEvent => ({ type: 'ProductActivated', version: 1, data: { productId: 7 } });
const deactivated = (): ProductEvent => ({ type: 'ProductDeactivated', version: 1, data: { productId: 7 } });
const adjusted = (delta: number, stockAfter: number, reason = 'count'): ProductEvent => ({ type: 'StockAdjusted', version: 1, data: { productId: 7, delta, reason, stockAfter } });
const reserved = (orderId: number, quantity: number, stockAfter: number): ProductEvent => ({ type: 'StockReserved', version: 1, data: { productId: 7, orderId, quantity, stockAfter } });
const released = (orderId: number, quantity: number, stockAfter: number): ProductEvent => ({
  type: 'StockReleased',
  version: 1,
  data: { productId: 7, orderId, quantity, stockAfter, reason: 'cancelled' },
});

type Create = Extract<ProductCommand, { kind: 'create' }>;
type Revise = Extract<ProductCommand, { kind: 'revise' }>;
const create = (overrides: Partial<Create> = {}): Create => ({ kind: 'create', productId: 7, details, pricing, stock: 10, isActive: true, ...overrides });
const revise = (overrides: Partial<Revise> = {}): Revise => ({ kind: 'revise', details, pricing, stock: 10, isActive: true, ...overrides });
const adjust = (delta: number): ProductCommand => ({ kind: 'adjustStock', delta, reason: 'count' });
const reserve = (orderId: number, quantity: number): ProductCommand => ({ kind: 'reserve', orderId, quantity });
const release = (orderId: number): ProductCommand => ({ kind: 'release', orderId, reason: 'cancelled' });

const product = DeciderSpecification.for(productDecider);

describe('product decider', () => {
  describe('create', () => {
    it('creates a product once', () => {
      product.given([]).when(create({ stock: 3 })).then([created(3)]);
      product.given([created()]).when(create()).thenThrows(ConflictError, 'Product 7 already exists');
    });

    it('requires a sale price below the price when on sale', () => {
      product.given([]).when(create({ pricing: onSale(null) })).thenThrows(InvalidInputError, 'A sale price is required');
      product.given([]).when(create({ pricing: onSale('65.00') })).thenThrows(InvalidInputError, 'lower than the price');
      product.given([]).when(create({ pricing: onSale('52.00') })).then([
        { type: 'ProductCreated', version: 1, data: { productId: 7, ...details, ...onSale('52.00'), stock: 10, isActive: true } },
      ]);
    });

    it.each([-1, 1.5])('refuses a stock of %s', (stock) => {
      product.given([]).when(create({ stock })).thenThrows(InvalidInputError, 'Stock must be a whole number of at least 0');
    });
  });

  describe('revise', () => {
    it('turns a revision into only the facts that changed', () => {
      product.given([created(10)]).when(revise({ details: { ...details, name: 'BPC-157 5mg vial' }, stock: 12 }))
        .then([detailsChanged({ name: 'BPC-157 5mg vial' }), adjusted(2, 12, CORRECTED)]);
    });

    it('records nothing for a revision that changes nothing', () => {
      product.given([created(10)]).when(revise()).thenNothing();
    });

    it('records a change of price alone as a pricing change', () => {
      product.given([created(10)]).when(revise({ pricing: onSale('52.00') })).then([pricingChanged(onSale('52.00'))]);
    });

    it('activates or deactivates the product as the revision says', () => {
      product.given([created(10)]).when(revise({ isActive: false })).then([deactivated()]);
      product.given([created(10, false)]).when(revise({ isActive: true })).then([activated()]);
    });

    it('records every changed part, in order: details, pricing, stock, activation', () => {
      const next = revise({ details: { ...details, badges: ['new'] }, pricing: onSale('50.00'), stock: 4, isActive: false });
      product.given([created(10)]).when(next).then([detailsChanged({ badges: ['new'] }), pricingChanged(onSale('50.00')), adjusted(-6, 4, CORRECTED), deactivated()]);
    });

    it('compares with the product as revised before', () => {
      const history = [created(10), detailsChanged({ name: 'BPC-157 5mg vial' }), pricingChanged(onSale('52.00')), adjusted(-3, 7)];
      product.given(history).when(revise({ details: { ...details, name: 'BPC-157 5mg vial' }, pricing: onSale('52.00'), stock: 7 })).thenNothing();
    });

    it('refuses an invalid price or stock in a revision', () => {
      product.given([created()]).when(revise({ pricing: onSale('70.00') })).thenThrows(InvalidInputError, 'lower than the price');
      product.given([created()]).when(revise({ stock: -1 })).thenThrows(InvalidInputError);
    });
  });

  describe('remove', () => {
    const removed = (): ProductEvent => ({ type: 'ProductRemoved', version: 1, data: { productId: 7, sku: details.sku } });

    it('removes a product no order ever held, after which it no longer exists', () => {
      product.given([created()]).when({ kind: 'remove' }).then([removed()]);
      product.given([created(), reserved(1001, 1, 9), released(1001, 1, 10)]).when({ kind: 'remove' }).then([deactivated()]);
      product.given([created(), removed()]).when({ kind: 'remove' }).thenThrows(NotFoundError, 'Product not found');
      product.given([created(), removed()]).when(reserve(1001, 1)).thenThrows(NotFoundError, 'Product not found');
    });

    it('only deactivates a product with order history, once, and refuses unknown products', () => {
      product.given([created(), reserved(1001, 4, 6)]).when({ kind: 'remove' }).then([deactivated()]);
      product.given([created(), reserved(1001, 4, 6), deactivated()]).when({ kind: 'remove' }).thenNothing();
      product.given([]).when({ kind: 'remove' }).thenThrows(NotFoundError, 'Product not found');
    });
  });

  describe('adjustStock', () => {
    it('adjusts the stock by the delta, recording the level after', () => {
      product.given([created(10)]).when(adjust(5)).then([adjusted(5, 15)]);
    });

    it('never lets stock go below zero', () => {
      product.given([created(10)]).when(adjust(-11)).thenThrows(ConflictError, 'Only 10 of BPC-157 5mg in stock');
      product.given([created(10)]).when(adjust(-10)).then([adjusted(-10, 0)]);
    });

    it('counts what reservations took when adjusting', () => {
      product.given([created(10), reserved(1001, 4, 6)]).when(adjust(-7)).thenThrows(ConflictError, 'Only 6 of BPC-157 5mg in stock');
    });

    it.each([0, 1.5])('refuses a change of %s', (delta) => {
      product.given([created(10)]).when(adjust(delta)).thenThrows(InvalidInputError, 'whole number other than 0');
    });
  });

  describe('reserve', () => {
    it('reserves stock for an order', () => {
      product.given([created(10)]).when(reserve(1001, 4)).then([reserved(1001, 4, 6)]);
    });

    it('holds only whole, positive quantities', () => {
      for (const quantity of [0, -2, 1.5]) product.given([created(10)]).when(reserve(1001, quantity)).thenThrows(InvalidInputError, 'A reservation holds a whole number of units, at least 1');
    });

    it('reserves for an order only once', () => {
      product.given([created(10), reserved(1001, 4, 6)]).when(reserve(1001, 4)).thenNothing();
    });

    it('reserves for each order on its own', () => {
      product.given([created(10), reserved(1001, 4, 6)]).when(reserve(1002, 6)).then([reserved(1002, 6, 0)]);
    });

    it('refuses a reservation of an inactive product, naming it', () => {
      product.given([created(10), deactivated()]).when(reserve(1001, 1)).thenThrows(ConflictError, 'BPC-157 5mg is no longer available');
    });

    it('refuses a reservation beyond the stock, naming the product', () => {
      product.given([created(10)]).when(reserve(1, 11)).thenThrows(ConflictError, 'Only 10 of BPC-157 5mg left in stock');
      product.given([created(0)]).when(reserve(1, 1)).thenThrows(ConflictError, 'BPC-157 5mg is out of stock');
      product.given([created(10), reserved(1001, 10, 0)]).when(reserve(1002, 1)).thenThrows(ConflictError, 'BPC-157 5mg is out of stock');
    });
  });

  describe('release', () => {
    it('releases exactly what the order holds', () => {
      product.given([created(10), reserved(1001, 4, 6), reserved(1002, 1, 5)]).when(release(1001)).then([released(1001, 4, 9)]);
    });

    it('releases nothing for an order that holds nothing', () => {
      product.given([created(10), reserved(1001, 4, 6)]).when(release(2002)).thenNothing();
    });

    it('releases an order\'s stock only once', () => {
      product.given([created(10), reserved(1001, 4, 6), released(1001, 4, 10)]).when(release(1001)).thenNothing();
    });
  });
});
