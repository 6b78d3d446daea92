import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { UniqueKeys } from '../../shared/event-sourcing/unique-keys';
import { productStream } from '../contract/catalogue.events';
import { ProductChanges, ProductInput, splitProductInput } from '../contract/product-input';
import { productDecider, ProductState } from '../domain/product.decider';
import { normaliseSku, ProductKeys } from './product-keys';

/** The admin edit dialog: the fields sent change, the others keep their values; only what really changed becomes events. */
export class ReviseProduct extends Command<{ position: number | null }> {
  constructor(
    readonly productId: number,
    readonly changes: ProductChanges,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** A new SKU is claimed before the product takes it and the old one released after, so no moment has two products on one SKU. */
@CommandHandler(ReviseProduct)
export class ReviseProductHandler implements ICommandHandler<ReviseProduct> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly uniqueKeys: UniqueKeys,
    private readonly keys: ProductKeys,
  ) {}

  async execute({ productId, changes, context }: ReviseProduct) {
    const stream = productStream(productId);
    const { state } = await this.streams.load(stream, productDecider);
    const input: ProductInput = { ...asInput(state), ...changes };
    await this.keys.assertCategoryExists(input.categoryId);
    const oldSku = state.details!.sku;
    const skuChanges = normaliseSku(oldSku) !== normaliseSku(input.sku);
    if (skuChanges) await this.uniqueKeys.claim(this.keys.sku(input.sku), String(productId), context);
    const { position } = await this.streams.execute(stream, productDecider, { kind: 'revise', ...splitProductInput(input) }, context);
    if (skuChanges) await this.uniqueKeys.release(this.keys.sku(oldSku), String(productId), `Product ${productId} now has SKU ${input.sku}`, context);
    return { position };
  }
}

/** The product as the edit dialog would send it in full. */
function asInput(state: ProductState): ProductInput {
  if (!state.exists || !state.details || !state.pricing) throw new NotFoundError('Product not found');
  return { ...state.details, ...state.pricing, stock: state.stock, isActive: state.isActive };
}
