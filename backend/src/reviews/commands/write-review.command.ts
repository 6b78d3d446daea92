import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { OrderQueries } from '../../../../projections/ordering/order.queries';
import { ProductsForSale } from '../../catalogue/commands/public';
import { SessionUser } from '../../identity/contract/session-user';
import { NotFoundError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { ReviewInput } from '../contract/review-input';
import { reviewStream } from '../contract/review.events';
import { reviewDecider } from '../domain/review.decider';
import { reviewIdFor } from './review-id';

export class WriteReview extends Command<{ reviewId: string; position: number | null }> {
  constructor(
    readonly productId: number,
    readonly author: SessionUser,
    readonly input: ReviewInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** One review per product and author: the review's stream id is derived from both. */
@CommandHandler(WriteReview)
export class WriteReviewHandler implements ICommandHandler<WriteReview> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly queries: QueryBus,
    private readonly orders: OrderQueries,
  ) {}

  async execute({ productId, author, input, context }: WriteReview) {
    const [product] = await this.queries.execute(new ProductsForSale([productId]));
    if (!product) throw new NotFoundError('Product not found');
    const reviewId = reviewIdFor(productId, author.id);
    const verified = await this.orders.hasBought(author.id, productId);
    const { position } = await this.streams.execute(
      reviewStream(reviewId),
      reviewDecider,
      { kind: 'write', reviewId, productId, authorId: author.id, authorName: author.fullName, verified, content: input },
      context,
    );
    return { reviewId, position };
  }
}
