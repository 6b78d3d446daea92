import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { ReviewContent, reviewStream } from '../contract/review.events';
import { reviewDecider } from '../domain/review.decider';

/** The author rewrites their review. */
export class EditReview extends Command<{ reviewId: string; position: number | null }> {
  constructor(
    readonly reviewId: string,
    readonly actorId: string,
    readonly content: ReviewContent,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(EditReview)
export class EditReviewHandler implements ICommandHandler<EditReview> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ reviewId, actorId, content, context }: EditReview) {
    const { position } = await this.streams.execute(reviewStream(reviewId), reviewDecider, { kind: 'edit', actorId, content }, context);
    return { reviewId, position };
  }
}
