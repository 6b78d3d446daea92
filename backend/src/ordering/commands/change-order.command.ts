import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { productDecider } from '../../catalogue/domain/product.decider';
import { productStream } from '../../catalogue/contract/catalogue.events';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { OrderCommand, orderDecider } from '../domain/order.decider';
import { OrderEvent, orderStream } from '../contract/order.events';

/** Status changes, shipping and payment outcomes: every change to a placed order. */
export class ChangeOrderCommand {
  constructor(
    readonly orderId: number,
    readonly change: Exclude<OrderCommand, { kind: 'place' }>,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(ChangeOrderCommand)
export class ChangeOrderHandler implements ICommandHandler<ChangeOrderCommand, { events: OrderEvent[]; position: number | null }> {
  private readonly logger = new Logger('ChangeOrder');

  constructor(private readonly streams: StreamExecutor) {}

  async execute({ orderId, change, context }: ChangeOrderCommand) {
    const result = await this.streams.execute(orderStream(orderId), orderDecider, change, context);
    let position = result.position;
    if (result.events.some((event) => event.type === 'OrderCancelled')) {
      position = (await this.releaseStock(orderId, context)) ?? position;
    }
    return { events: result.events, position };
  }

  /** A cancelled order gives its stock back; releases are idempotent per order, so a retry is harmless. */
  private async releaseStock(orderId: number, context: CommandContext): Promise<number | null> {
    const { state } = await this.streams.load(orderStream(orderId), orderDecider);
    let position: number | null = null;
    for (const line of state.lines) {
      try {
        const released = await this.streams.execute(productStream(line.productId), productDecider, { kind: 'release', orderId, reason: 'Order cancelled' }, context);
        position = released.position ?? position;
      } catch (error) {
        this.logger.error(`Could not release stock of product ${line.productId} for cancelled order ${orderId}`, (error as Error).stack);
      }
    }
    return position;
  }
}
