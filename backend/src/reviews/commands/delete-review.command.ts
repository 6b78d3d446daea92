import { Command, CommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { decideOn, OneStreamHandler } from '../../shared/event-sourcing/one-stream-handler';
import { reviewStream } from '../contract/review.events';
import { reviewDecider } from '../domain/review.decider';

/** The author removes their review. */
export class DeleteReview extends Command<{ position: number | null }> {
  constructor(
    readonly reviewId: string,
    readonly actorId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(DeleteReview)
export class DeleteReviewHandler extends OneStreamHandler<DeleteReview> {
  protected decision({ reviewId, actorId }: DeleteReview) {
    return decideOn(reviewStream(reviewId), reviewDecider, { kind: 'delete', actorId });
  }
}
