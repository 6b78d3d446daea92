import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, AppConfig } from '../../config';
import { ConflictError } from '../../shared/errors';
import { crashPoint } from '../../shared/fault-injection';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { IdAllocator } from '../../shared/event-sourcing/id-allocator';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { isCryptoPaymentMethod, PROMPTPAY, PROMPTPAY_NOT_OFFERED } from '../contract/checkout-rules';
import { PlaceOrderInput } from '../contract/order-input';
import { orderStream, ShippingAddress } from '../contract/order.events';
import { orderDecider } from '../domain/order.decider';
import { OrderPlacement } from '../processes/order-placement.process';
import { CheckoutPricing } from './checkout-pricing';

export class PlaceOrder extends Command<{ orderId: number; position: number | null }> {
  constructor(
    readonly input: PlaceOrderInput,
    readonly customerId: string | null,
    readonly context: CommandContext,
    /** The buyers whose bounds on unpaid orders it counts against (contract/buyer-holds.ts). */
    readonly buyers: string[],
  ) {
    super();
  }
}

/**
 * Prices the cart from the product streams, records the order as submitted (which claims its id),
 * then runs the placement process: hold every line's stock, and record the order placed, or rejected
 * with the reason after giving back what was held.
 */
@CommandHandler(PlaceOrder)
export class PlaceOrderHandler implements ICommandHandler<PlaceOrder> {
  constructor(
    private readonly pricing: CheckoutPricing,
    private readonly ids: IdAllocator,
    private readonly streams: StreamExecutor,
    private readonly placement: OrderPlacement,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input, customerId, context, buyers }: PlaceOrder) {
    if (input.paymentMethod === PROMPTPAY && this.config.wallets.promptpay === null) throw new ConflictError(PROMPTPAY_NOT_OFFERED);
    const priced = await this.pricing.price(input.items, input.shippingMethod, input.referralCode);
    const paymentDueBy = isCryptoPaymentMethod(input.paymentMethod) ? new Date(Date.now() + this.config.paymentWindowMinutes * 60_000).toISOString() : null;
    const orderId = await this.ids.claim('order', orderStream, async (orderId) => {
      const details = {
        orderId,
        customerId,
        customerEmail: input.customerEmail,
        lines: priced.lines,
        totals: priced.totals,
        referralCode: priced.referralCode,
        shippingMethod: input.shippingMethod,
        paymentMethod: input.paymentMethod,
        shippingAddress: input.shippingAddress as ShippingAddress,
        deliveryInstructions: input.deliveryInstructions,
        paymentDueBy,
      };
      await this.streams.start(orderStream(orderId), orderDecider.decide({ kind: 'submit', details, buyers }, orderDecider.initialState), context);
      return orderId;
    });
    crashPoint('placement:submitted');
    return this.placement.run(orderId, context);
  }
}
