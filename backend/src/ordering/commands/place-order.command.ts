import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { productDecider } from '../../catalogue/domain/product.decider';
import { productStream } from '../../catalogue/contract/catalogue.events';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { IdAllocator } from '../../shared/event-sourcing/id-allocator';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { orderDecider } from '../domain/order.decider';
import { orderStream, ShippingAddress } from '../contract/order.events';
import { CheckoutPricing } from './checkout-pricing';
import { PlaceOrderInput } from '../contract/order-input';

export class PlaceOrderCommand {
  constructor(
    readonly input: PlaceOrderInput,
    readonly customerId: string | null,
    readonly context: CommandContext,
  ) {}
}

/**
 * Prices the cart, reserves stock on each product stream (optimistic concurrency:
 * no oversell), then records the order. When a line cannot be reserved, the
 * reservations already made are released and the order is refused with 409.
 */
@CommandHandler(PlaceOrderCommand)
export class PlaceOrderHandler implements ICommandHandler<PlaceOrderCommand, { orderId: number; position: number }> {
  private readonly logger = new Logger('PlaceOrder');

  constructor(
    private readonly pricing: CheckoutPricing,
    private readonly ids: IdAllocator,
    private readonly streams: StreamExecutor,
  ) {}

  async execute({ input, customerId, context }: PlaceOrderCommand) {
    const priced = await this.pricing.price(input.items, input.shippingMethod, input.referralCode);
    return this.ids.claim('order', async (orderId) => {
      const reserved: number[] = [];
      try {
        for (const line of priced.lines) {
          await this.streams.execute(productStream(line.productId), productDecider, { kind: 'reserve', orderId, quantity: line.quantity }, context);
          reserved.push(line.productId);
        }
        const events = orderDecider.decide(
          {
            kind: 'place',
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
          },
          orderDecider.initialState,
        );
        const position = await this.streams.start(orderStream(orderId), events, context);
        return { orderId, position };
      } catch (error) {
        await this.releaseAll(orderId, reserved, context);
        throw error;
      }
    });
  }

  private async releaseAll(orderId: number, productIds: number[], context: CommandContext): Promise<void> {
    for (const productId of productIds) {
      try {
        await this.streams.execute(productStream(productId), productDecider, { kind: 'release', orderId, reason: 'Order could not be placed' }, context);
      } catch (error) {
        this.logger.error(`Could not release stock of product ${productId} for order ${orderId}`, (error as Error).stack);
      }
    }
  }
}
