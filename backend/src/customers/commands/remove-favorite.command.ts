import { Command, CommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { decideOn, OneStreamHandler } from '../../shared/event-sourcing/one-stream-handler';
import { favoritesStream } from '../contract/favorites.events';
import { favoritesDecider } from '../domain/favorites.decider';

/** The customer unsaves a product; it need not be on sale any more. */
export class RemoveFavorite extends Command<{ position: number | null }> {
  constructor(
    readonly userId: string,
    readonly productId: number,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(RemoveFavorite)
export class RemoveFavoriteHandler extends OneStreamHandler<RemoveFavorite> {
  protected decision({ userId, productId }: RemoveFavorite) {
    return decideOn(favoritesStream(userId), favoritesDecider, { kind: 'remove', userId, productId });
  }
}
