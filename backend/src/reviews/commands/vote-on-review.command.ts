import { Command, CommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { decideOn, OneStreamHandler } from '../../shared/event-sourcing/one-stream-handler';
import { reviewStream } from '../contract/review.events';
import { reviewDecider } from '../domain/review.decider';

/** Another shopper finds the review helpful or not; a second vote replaces the first. */
export class VoteOnReview extends Command<{ position: number | null }> {
  constructor(
    readonly reviewId: string,
    readonly voterId: string,
    readonly isHelpful: boolean,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(VoteOnReview)
export class VoteOnReviewHandler extends OneStreamHandler<VoteOnReview> {
  protected decision({ reviewId, voterId, isHelpful }: VoteOnReview) {
    return decideOn(reviewStream(reviewId), reviewDecider, { kind: 'vote', voterId, isHelpful });
  }
}
