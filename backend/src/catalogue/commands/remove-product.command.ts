import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { UniqueKeys } from '../../shared/event-sourcing/unique-keys';
import { productStream } from '../contract/catalogue.events';
import { productDecider } from '../domain/product.decider';
import { ProductKeys } from './product-keys';

/**
 * The back office's delete: a product no order ever held leaves the catalogue and frees its SKU;
 * one with order history is only deactivated, since orders and the audit trail refer to it.
 */
export class RemoveProduct extends Command<{ position: number | null; outcome: 'removed' | 'deactivated' }> {
  constructor(
    readonly productId: number,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(RemoveProduct)
export class RemoveProductHandler implements ICommandHandler<RemoveProduct> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly uniqueKeys: UniqueKeys,
    private readonly keys: ProductKeys,
  ) {}

  async execute({ productId, context }: RemoveProduct) {
    const { events, position } = await this.streams.execute(productStream(productId), productDecider, { kind: 'remove' }, context);
    let outcome: 'removed' | 'deactivated' = 'deactivated';
    for (const event of events) {
      if (event.type !== 'ProductRemoved') continue;
      outcome = 'removed';
      await this.uniqueKeys.release(this.keys.sku(event.data.sku), String(productId), `Product ${productId} was deleted`, context);
    }
    return { position, outcome };
  }
}
