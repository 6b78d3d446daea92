import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { IdAllocator } from '../../shared/event-sourcing/id-allocator';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { productDecider } from '../domain/product.decider';
import { productStream } from '../contract/catalogue.events';
import { CatalogueGuards } from './catalogue-guards';
import { ProductInput, splitProductInput } from '../contract/product-input';

export class CreateProductCommand {
  constructor(
    readonly input: ProductInput,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(CreateProductCommand)
export class CreateProductHandler implements ICommandHandler<CreateProductCommand, { productId: number; position: number }> {
  constructor(
    private readonly ids: IdAllocator,
    private readonly streams: StreamExecutor,
    private readonly guards: CatalogueGuards,
  ) {}

  async execute({ input, context }: CreateProductCommand) {
    await this.guards.assertCategoryExists(input.categoryId);
    await this.guards.assertSkuFree(input.sku, null);
    return this.ids.claim('product', async (productId) => {
      const events = productDecider.decide({ kind: 'create', productId, ...splitProductInput(input) }, productDecider.initialState);
      const position = await this.streams.start(productStream(productId), events, context);
      return { productId, position };
    });
  }
}
