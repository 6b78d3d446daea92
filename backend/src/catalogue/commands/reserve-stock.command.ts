import { Command, CommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { decideOn, OneStreamHandler } from '../../shared/event-sourcing/one-stream-handler';
import { productStream } from '../contract/catalogue.events';
import { productDecider } from '../domain/product.decider';

/** Holds units for an order; asking again for the same order holds nothing more. 409 naming the product when short. */
export class ReserveStock extends Command<{ position: number | null }> {
  constructor(
    readonly productId: number,
    readonly orderId: number,
    readonly quantity: number,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ReserveStock)
export class ReserveStockHandler extends OneStreamHandler<ReserveStock> {
  protected decision({ productId, orderId, quantity }: ReserveStock) {
    return decideOn(productStream(productId), productDecider, { kind: 'reserve', orderId, quantity });
  }
}
