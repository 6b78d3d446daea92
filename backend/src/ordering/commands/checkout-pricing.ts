import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ProductsForSale } from '../../catalogue/commands/public';
import { shortOfStockMessage } from '../../catalogue/contract/catalogue.events';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { ShippingMethod } from '../contract/checkout-rules';
import { normaliseReferralCode, referralStream } from '../contract/referral.events';
import { assertWithinOrderLimits, CartLine, mergeLines, priceOrder } from '../domain/order-pricing';
import { referralDecider } from '../domain/referral.decider';

/** A referral code that is not active (never created, or deactivated): a miss that guessing counts. */
export class UnknownReferralCode extends NotFoundError {
  constructor() {
    super('Invalid referral code');
  }
}

/**
 * Prices a cart from the product streams themselves (not a read model that may lag),
 * so the quote the shopper sees and the order they place are computed the same way.
 */
@Injectable()
export class CheckoutPricing {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly queries: QueryBus,
  ) {}

  async price(cart: CartLine[], shippingMethod: ShippingMethod, referralCode: string | null) {
    const wanted = mergeLines(cart);
    assertWithinOrderLimits(wanted);
    const forSale = new Map((await this.queries.execute(new ProductsForSale(wanted.map((line) => line.productId)))).map((product) => [product.productId, product]));
    const lines = wanted.map(({ productId, quantity }) => {
      const product = forSale.get(productId);
      if (!product) throw new NotFoundError(`Product ${productId} is not available`);
      if (product.stock < quantity) throw new ConflictError(shortOfStockMessage(product.name, product.stock));
      return { product, quantity };
    });
    const referral = referralCode ? await this.referral(referralCode) : null;
    return { ...priceOrder(lines, referral?.discountPercentage ?? 0, shippingMethod), referralCode: referral?.code ?? null };
  }

  async referral(code: string): Promise<{ code: string; discountPercentage: number }> {
    const { state } = await this.streams.load(referralStream(code), referralDecider);
    if (!state.active || state.code === null) throw new UnknownReferralCode();
    return { code: normaliseReferralCode(state.code), discountPercentage: state.discountPercentage };
  }
}
