import { Command, CommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { decideOn, OneStreamHandler } from '../../shared/event-sourcing/one-stream-handler';
import { reviewStream } from '../contract/review.events';
import { reviewDecider } from '../domain/review.decider';

/** The store shows a hidden review again. */
export class ShowReview extends Command<{ position: number | null }> {
  constructor(
    readonly reviewId: string,
    readonly adminId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ShowReview)
export class ShowReviewHandler extends OneStreamHandler<ShowReview> {
  protected decision({ reviewId, adminId }: ShowReview) {
    return decideOn(reviewStream(reviewId), reviewDecider, { kind: 'show', adminId });
  }
}
