import { Injectable } from '@nestjs/common';
import { productDecider } from '../../catalogue/domain/product.decider';
import { productStream } from '../../catalogue/contract/catalogue.events';
import { ShippingMethod } from '../contract/checkout-rules';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { referralDecider } from '../domain/referral.decider';
import { priceOrder } from '../domain/order-pricing';
import { normaliseReferralCode, referralStream } from '../contract/referral.events';

export interface CartLine {
  productId: number;
  quantity: number;
}

/**
 * Prices a cart from the product streams themselves (not a read model that may lag),
 * so the quote the shopper sees and the order they place are computed the same way.
 */
@Injectable()
export class CheckoutPricing {
  constructor(private readonly streams: StreamExecutor) {}

  async price(cart: CartLine[], shippingMethod: ShippingMethod, referralCode: string | null) {
    const lines = [];
    for (const { productId, quantity } of mergeLines(cart)) {
      const { state } = await this.streams.load(productStream(productId), productDecider);
      if (!state.exists || !state.isActive || !state.pricing || !state.details) throw new NotFoundError(`Product ${productId} is not available`);
      if (state.stock < quantity) {
        throw new ConflictError(state.stock === 0 ? `${state.name} is out of stock` : `Only ${state.stock} of ${state.name} left in stock`);
      }
      lines.push({ product: { productId, name: state.name, sku: state.details.sku, ...state.pricing }, quantity });
    }
    const referral = referralCode ? await this.referral(referralCode) : null;
    return { ...priceOrder(lines, referral?.discountPercentage ?? 0, shippingMethod), referralCode: referral?.code ?? null };
  }

  async referral(code: string): Promise<{ code: string; discountPercentage: number }> {
    const { state } = await this.streams.load(referralStream(code), referralDecider);
    if (!state.active || state.code === null) throw new NotFoundError('Invalid referral code');
    return { code: normaliseReferralCode(state.code), discountPercentage: state.discountPercentage };
  }
}

/** The same product twice in a cart is one line with the summed quantity. */
export function mergeLines(cart: CartLine[]): CartLine[] {
  const merged = new Map<number, number>();
  for (const { productId, quantity } of cart) merged.set(productId, (merged.get(productId) ?? 0) + quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}
