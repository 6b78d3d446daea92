import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { productStream } from '../contract/catalogue.events';
import { productDecider } from '../domain/product.decider';

/** Gives back what an order held, with the reason; releasing twice gives back nothing more. */
export class ReleaseStock extends Command<{ position: number | null }> {
  constructor(
    readonly productId: number,
    readonly orderId: number,
    readonly reason: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ReleaseStock)
export class ReleaseStockHandler implements ICommandHandler<ReleaseStock> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ productId, orderId, reason, context }: ReleaseStock) {
    const { position } = await this.streams.execute(productStream(productId), productDecider, { kind: 'release', orderId, reason }, context);
    return { position };
  }
}
