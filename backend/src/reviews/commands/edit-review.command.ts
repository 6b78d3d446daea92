import { Command, CommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { decideOn, OneStreamHandler } from '../../shared/event-sourcing/one-stream-handler';
import { ReviewContent, reviewStream } from '../contract/review.events';
import { reviewDecider } from '../domain/review.decider';

/** The author rewrites their review. */
export class EditReview extends Command<{ position: number | null }> {
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
export class EditReviewHandler extends OneStreamHandler<EditReview> {
  protected decision({ reviewId, actorId, content }: EditReview) {
    return decideOn(reviewStream(reviewId), reviewDecider, { kind: 'edit', actorId, content });
  }
}
