import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { reviewStream } from '../contract/review.events';
import { reviewDecider } from '../domain/review.decider';

/** The author removes their review. */
export class DeleteReview extends Command<{ reviewId: string; position: number | null }> {
  constructor(
    readonly reviewId: string,
    readonly actorId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(DeleteReview)
export class DeleteReviewHandler implements ICommandHandler<DeleteReview> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ reviewId, actorId, context }: DeleteReview) {
    const { position } = await this.streams.execute(reviewStream(reviewId), reviewDecider, { kind: 'delete', actorId }, context);
    return { reviewId, position };
  }
}
