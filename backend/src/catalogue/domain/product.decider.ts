import { Decider } from '../../shared/event-sourcing/decider';
import { ConflictError, InvalidInputError, NotFoundError } from '../../shared/errors';
import { parseCents } from '../../shared/money';
import { ProductDetails, ProductEvent, ProductPricing, shortOfStockMessage } from '../contract/catalogue.events';

export interface ProductState {
  exists: boolean;
  productId: number | null;
  name: string;
  details: ProductDetails | null;
  pricing: ProductPricing | null;
  stock: number;
  isActive: boolean;
  /** Quantities held per order id, so a reservation or release is never applied twice. */
  reservations: Record<string, number>;
  /** Some order has held it: deleting it then only deactivates it, to keep the records. */
  hasOrderHistory: boolean;
}

export type ProductCommand =
  | { kind: 'create'; productId: number; details: ProductDetails; pricing: ProductPricing; stock: number; isActive: boolean }
  | { kind: 'revise'; details: ProductDetails; pricing: ProductPricing; stock: number; isActive: boolean }
  | { kind: 'remove' }
  | { kind: 'adjustStock'; delta: number; reason: string }
  | { kind: 'reserve'; orderId: number; quantity: number }
  | { kind: 'release'; orderId: number; reason: string };

const VERSION = 1;

export const productDecider: Decider<ProductCommand, ProductState, ProductEvent> = {
  initialState: { exists: false, productId: null, name: '', details: null, pricing: null, stock: 0, isActive: false, reservations: {}, hasOrderHistory: false },

  evolve(state, event) {
    switch (event.type) {
      case 'ProductCreated': {
        const { productId, stock, isActive, price, salePrice, isOnSale, ...details } = event.data;
        return { exists: true, productId, name: details.name, details, pricing: { price, salePrice, isOnSale }, stock, isActive, reservations: {}, hasOrderHistory: false };
      }
      case 'ProductDetailsChanged': {
        const details = { ...state.details!, ...event.data.changes };
        return { ...state, details, name: details.name };
      }
      case 'ProductPricingChanged':
        return { ...state, pricing: { price: event.data.price, salePrice: event.data.salePrice, isOnSale: event.data.isOnSale } };
      case 'ProductActivated':
        return { ...state, isActive: true };
      case 'ProductDeactivated':
        return { ...state, isActive: false };
      case 'ProductRemoved':
        return { ...state, exists: false, isActive: false };
      case 'StockAdjusted':
        return { ...state, stock: event.data.stockAfter };
      case 'StockReserved':
        return { ...state, stock: event.data.stockAfter, reservations: { ...state.reservations, [event.data.orderId]: event.data.quantity }, hasOrderHistory: true };
      case 'StockReleased': {
        const { [String(event.data.orderId)]: _released, ...reservations } = state.reservations;
        return { ...state, stock: event.data.stockAfter, reservations };
      }
    }
  },

  decide(command, state) {
    if (command.kind === 'create') {
      if (state.productId !== null) throw new ConflictError(`Product ${command.productId} already exists`);
      assertValidPricing(command.pricing);
      assertValidStock(command.stock);
      return [
        {
          type: 'ProductCreated',
          version: VERSION,
          data: { productId: command.productId, ...command.details, ...command.pricing, stock: command.stock, isActive: command.isActive },
        },
      ];
    }
    if (!state.exists || state.productId === null) throw new NotFoundError('Product not found');
    const productId = state.productId;

    switch (command.kind) {
      case 'revise': {
        assertValidPricing(command.pricing);
        assertValidStock(command.stock);
        const events: ProductEvent[] = [];
        const changes = changedDetails(state.details!, command.details);
        if (Object.keys(changes).length > 0) events.push({ type: 'ProductDetailsChanged', version: VERSION, data: { productId, changes } });
        if (!samePricing(state.pricing!, command.pricing)) {
          events.push({ type: 'ProductPricingChanged', version: VERSION, data: { productId, ...command.pricing } });
        }
        if (command.stock !== state.stock) {
          events.push({
            type: 'StockAdjusted',
            version: VERSION,
            data: { productId, delta: command.stock - state.stock, reason: 'Stock count corrected by an administrator', stockAfter: command.stock },
          });
        }
        if (command.isActive !== state.isActive) {
          events.push({ type: command.isActive ? 'ProductActivated' : 'ProductDeactivated', version: VERSION, data: { productId } });
        }
        return events;
      }
      case 'remove':
        if (!state.hasOrderHistory) return [{ type: 'ProductRemoved', version: VERSION, data: { productId, sku: state.details!.sku } }];
        return state.isActive ? [{ type: 'ProductDeactivated', version: VERSION, data: { productId } }] : [];
      case 'adjustStock': {
        if (!Number.isInteger(command.delta) || command.delta === 0) throw new InvalidInputError('The stock change must be a whole number other than 0');
        const stockAfter = state.stock + command.delta;
        if (stockAfter < 0) throw new ConflictError(`Only ${state.stock} of ${state.name} in stock`);
        return [{ type: 'StockAdjusted', version: VERSION, data: { productId, delta: command.delta, reason: command.reason, stockAfter } }];
      }
      case 'reserve': {
        if (!Number.isInteger(command.quantity) || command.quantity < 1) throw new InvalidInputError('A reservation holds a whole number of units, at least 1');
        if (state.reservations[command.orderId] !== undefined) return [];
        if (!state.isActive) throw new ConflictError(`${state.name} is no longer available`);
        if (state.stock < command.quantity) {
          throw new ConflictError(shortOfStockMessage(state.name, state.stock));
        }
        return [{ type: 'StockReserved', version: VERSION, data: { productId, orderId: command.orderId, quantity: command.quantity, stockAfter: state.stock - command.quantity } }];
      }
      case 'release': {
        const quantity = state.reservations[command.orderId];
        if (quantity === undefined) return [];
        return [{ type: 'StockReleased', version: VERSION, data: { productId, orderId: command.orderId, quantity, stockAfter: state.stock + quantity, reason: command.reason } }];
      }
    }
  },
};

function assertValidPricing(pricing: ProductPricing): void {
  if (!pricing.isOnSale) return;
  if (pricing.salePrice === null) throw new InvalidInputError('A sale price is required when the product is on sale');
  if (parseCents(pricing.salePrice) >= parseCents(pricing.price)) {
    throw new InvalidInputError('The sale price must be lower than the price');
  }
}

function assertValidStock(stock: number): void {
  if (!Number.isInteger(stock) || stock < 0) throw new InvalidInputError('Stock must be a whole number of at least 0');
}

function changedDetails(current: ProductDetails, next: ProductDetails): Partial<ProductDetails> {
  const changes: Partial<ProductDetails> = {};
  for (const key of Object.keys(next) as (keyof ProductDetails)[]) {
    if (JSON.stringify(current[key]) !== JSON.stringify(next[key])) (changes as Record<string, unknown>)[key] = next[key];
  }
  return changes;
}

function samePricing(a: ProductPricing, b: ProductPricing): boolean {
  return a.price === b.price && a.salePrice === b.salePrice && a.isOnSale === b.isOnSale;
}
