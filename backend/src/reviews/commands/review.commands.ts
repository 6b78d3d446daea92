import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PRODUCTS_COLLECTION, ProductDocument } from '../../../../projections/catalogue/catalogue.projector';
import { ORDERS_COLLECTION, OrderDocument } from '../../../../projections/ordering/orders.projector';
import { NotFoundError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { SessionUser } from '../../identity/contract/session-user';
import { READ_STORE, ReadStore } from '../../storage/read-store/read-store.port';
import { ReviewCommand, reviewDecider } from '../domain/review.decider';
import { reviewIdFor, reviewStream } from '../contract/review.events';
import { ReviewInput } from '../contract/review-input';

type Outcome = { reviewId: string; position: number | null };

export class WriteReviewCommand {
  constructor(
    readonly productId: number,
    readonly author: SessionUser,
    readonly input: ReviewInput,
    readonly context: CommandContext,
  ) {}
}

/** Edit, delete, vote or answer: every change to an existing review goes through its stream. */
export class ChangeReviewCommand {
  constructor(
    readonly reviewId: string,
    readonly change: Exclude<ReviewCommand, { kind: 'write' }>,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(WriteReviewCommand)
export class WriteReviewHandler implements ICommandHandler<WriteReviewCommand, Outcome> {
  constructor(
    private readonly streams: StreamExecutor,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async execute({ productId, author, input, context }: WriteReviewCommand): Promise<Outcome> {
    const product = await this.readStore.collection<ProductDocument>(PRODUCTS_COLLECTION).findOne({ _id: String(productId) });
    if (!product || !product.isActive) throw new NotFoundError('Product not found');
    const reviewId = reviewIdFor(productId, author.id);
    const verified = await this.hasBought(author.id, productId);
    const { position } = await this.streams.execute(
      reviewStream(reviewId),
      reviewDecider,
      { kind: 'write', reviewId, productId, authorId: author.id, authorName: author.fullName, verified, content: input },
      context,
    );
    return { reviewId, position };
  }

  /** A verified purchase: an order of theirs with this product that was paid for (or delivered, for cash on delivery) and not cancelled. */
  private async hasBought(customerId: string, productId: number): Promise<boolean> {
    const order = await this.readStore.collection<OrderDocument>(ORDERS_COLLECTION).findOne({
      customerId,
      'items.productId': productId,
      status: { $ne: 'cancelled' },
      $or: [{ paymentStatus: 'confirmed' }, { status: 'delivered' }],
    });
    return order !== null;
  }
}

@CommandHandler(ChangeReviewCommand)
export class ChangeReviewHandler implements ICommandHandler<ChangeReviewCommand, Outcome> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ reviewId, change, context }: ChangeReviewCommand): Promise<Outcome> {
    const { position } = await this.streams.execute(reviewStream(reviewId), reviewDecider, change, context);
    return { reviewId, position };
  }
}
