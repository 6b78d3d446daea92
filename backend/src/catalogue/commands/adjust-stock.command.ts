import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { productStream } from '../contract/catalogue.events';
import { productDecider } from '../domain/product.decider';

/** A delivery received (+) or a count correction (-) recorded by an administrator. */
export class AdjustStock extends Command<{ position: number | null }> {
  constructor(
    readonly productId: number,
    readonly delta: number,
    readonly reason: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(AdjustStock)
export class AdjustStockHandler implements ICommandHandler<AdjustStock> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ productId, delta, reason, context }: AdjustStock) {
    const { position } = await this.streams.execute(productStream(productId), productDecider, { kind: 'adjustStock', delta, reason }, context);
    return { position };
  }
}
