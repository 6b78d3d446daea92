import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { productStream } from '../contract/catalogue.events';
import { productDecider } from '../domain/product.decider';

/** Products are never erased: their history belongs to orders and the audit trail. */
export class DeactivateProduct extends Command<{ position: number | null }> {
  constructor(
    readonly productId: number,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(DeactivateProduct)
export class DeactivateProductHandler implements ICommandHandler<DeactivateProduct> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ productId, context }: DeactivateProduct) {
    const { position } = await this.streams.execute(productStream(productId), productDecider, { kind: 'deactivate' }, context);
    return { position };
  }
}
