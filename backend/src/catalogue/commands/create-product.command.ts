import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { WrongExpectedRevisionError } from '../../storage/event-store/event-store.port';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { IdAllocator } from '../../shared/event-sourcing/id-allocator';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { UniqueKeys } from '../../shared/event-sourcing/unique-keys';
import { productStream } from '../contract/catalogue.events';
import { ProductInput, splitProductInput } from '../contract/product-input';
import { productDecider } from '../domain/product.decider';
import { ProductKeys } from './product-keys';

export class CreateProduct extends Command<{ productId: number; position: number }> {
  constructor(
    readonly input: ProductInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** Claims the SKU for the new id first, so two admins creating one SKU at once get one product and one 409. */
@CommandHandler(CreateProduct)
export class CreateProductHandler implements ICommandHandler<CreateProduct> {
  constructor(
    private readonly ids: IdAllocator,
    private readonly streams: StreamExecutor,
    private readonly uniqueKeys: UniqueKeys,
    private readonly keys: ProductKeys,
  ) {}

  async execute({ input, context }: CreateProduct) {
    await this.keys.assertCategoryExists(input.categoryId);
    const sku = this.keys.sku(input.sku);
    return this.ids.claim('product', productStream, async (productId) => {
      const events = productDecider.decide({ kind: 'create', productId, ...splitProductInput(input) }, productDecider.initialState);
      await this.uniqueKeys.claim(sku, String(productId), context);
      try {
        const position = await this.streams.start(productStream(productId), events, context);
        return { productId, position };
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError) await this.uniqueKeys.release(sku, String(productId), 'The product id was taken; another id is tried', context);
        throw error;
      }
    });
  }
}
