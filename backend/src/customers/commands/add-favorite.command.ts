import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { ProductsForSale } from '../../catalogue/commands/public';
import { NotFoundError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { favoritesStream } from '../contract/favorites.events';
import { favoritesDecider } from '../domain/favorites.decider';

/** The customer saves a product (checkout spec §7 `POST /api/user/favorites`). */
export class AddFavorite extends Command<{ position: number | null }> {
  constructor(
    readonly userId: string,
    readonly productId: number,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** Only a product on sale now can be saved: asked of its own stream, not of a read model that may lag. */
@CommandHandler(AddFavorite)
export class AddFavoriteHandler implements ICommandHandler<AddFavorite> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly queries: QueryBus,
  ) {}

  async execute({ userId, productId, context }: AddFavorite) {
    const [product] = await this.queries.execute(new ProductsForSale([productId]));
    if (!product) throw new NotFoundError('Product not found');
    const { position } = await this.streams.execute(favoritesStream(userId), favoritesDecider, { kind: 'add', userId, productId }, context);
    return { position };
  }
}
