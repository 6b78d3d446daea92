import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { productDecider } from '../domain/product.decider';
import { productStream } from '../contract/catalogue.events';
import { CatalogueGuards } from './catalogue-guards';
import { ProductInput, splitProductInput } from '../contract/product-input';

/** The admin edit form: every field at once; only what changed becomes events. */
export class ReviseProductCommand {
  constructor(
    readonly productId: number,
    readonly input: ProductInput,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(ReviseProductCommand)
export class ReviseProductHandler implements ICommandHandler<ReviseProductCommand, { position: number | null }> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly guards: CatalogueGuards,
  ) {}

  async execute({ productId, input, context }: ReviseProductCommand) {
    await this.guards.assertCategoryExists(input.categoryId);
    await this.guards.assertSkuFree(input.sku, productId);
    const { position } = await this.streams.execute(productStream(productId), productDecider, { kind: 'revise', ...splitProductInput(input) }, context);
    return { position };
  }
}
