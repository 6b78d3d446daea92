import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
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
export class ReserveStockHandler implements ICommandHandler<ReserveStock> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ productId, orderId, quantity, context }: ReserveStock) {
    const { position } = await this.streams.execute(productStream(productId), productDecider, { kind: 'reserve', orderId, quantity }, context);
    return { position };
  }
}
