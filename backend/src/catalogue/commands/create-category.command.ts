import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { IdAllocator } from '../../shared/event-sourcing/id-allocator';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { categoryStream } from '../contract/catalogue.events';
import { categoryDecider } from '../domain/category.decider';

export class CreateCategory extends Command<{ categoryId: number; position: number }> {
  constructor(
    readonly name: string,
    readonly description: string | null,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(CreateCategory)
export class CreateCategoryHandler implements ICommandHandler<CreateCategory> {
  constructor(
    private readonly ids: IdAllocator,
    private readonly streams: StreamExecutor,
  ) {}

  async execute({ name, description, context }: CreateCategory) {
    return this.ids.claim('category', categoryStream, async (categoryId) => {
      const events = categoryDecider.decide({ kind: 'create', categoryId, name, description }, categoryDecider.initialState);
      const position = await this.streams.start(categoryStream(categoryId), events, context);
      return { categoryId, position };
    });
  }
}

/**
 * Issue 21: a category is removed when no product is in it, else deactivated (hidden from the storefront, its
 * products keep it). `products`: how many are in it, as the catalogue read model counts them.
 */
export class RemoveCategory extends Command<{ position: number | null; outcome: 'removed' | 'deactivated' }> {
  constructor(
    readonly categoryId: number,
    readonly products: number,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(RemoveCategory)
export class RemoveCategoryHandler implements ICommandHandler<RemoveCategory> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ categoryId, products, context }: RemoveCategory) {
    const { position } = await this.streams.execute(categoryStream(categoryId), categoryDecider, { kind: 'remove', products }, context);
    return { position, outcome: products === 0 ? ('removed' as const) : ('deactivated' as const) };
  }
}

/** A category's name and description changed (issue 21: categories the back office can run); nothing recorded when both stay. */
export class ReviseCategory extends Command<{ position: number | null }> {
  constructor(
    readonly categoryId: number,
    readonly name: string,
    readonly description: string | null,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ReviseCategory)
export class ReviseCategoryHandler implements ICommandHandler<ReviseCategory> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ categoryId, name, description, context }: ReviseCategory) {
    const { position } = await this.streams.execute(categoryStream(categoryId), categoryDecider, { kind: 'rename', name, description }, context);
    return { position };
  }
}
