import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { productDecider } from '../domain/product.decider';
import { productStream } from '../contract/catalogue.events';

/** A delivery received (+) or a count correction (-) recorded by an administrator. */
export class AdjustStockCommand {
  constructor(
    readonly productId: number,
    readonly delta: number,
    readonly reason: string,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(AdjustStockCommand)
export class AdjustStockHandler implements ICommandHandler<AdjustStockCommand, { position: number | null }> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ productId, delta, reason, context }: AdjustStockCommand) {
    const { position } = await this.streams.execute(productStream(productId), productDecider, { kind: 'adjustStock', delta, reason }, context);
    return { position };
  }
}
