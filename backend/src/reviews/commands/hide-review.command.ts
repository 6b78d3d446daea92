import { Command, CommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { decideOn, OneStreamHandler } from '../../shared/event-sourcing/one-stream-handler';
import { reviewStream } from '../contract/review.events';
import { reviewDecider } from '../domain/review.decider';

/** The store hides a review from the storefront and the rating, with its reason. */
export class HideReview extends Command<{ position: number | null }> {
  constructor(
    readonly reviewId: string,
    readonly adminId: string,
    readonly reason: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(HideReview)
export class HideReviewHandler extends OneStreamHandler<HideReview> {
  protected decision({ reviewId, adminId, reason }: HideReview) {
    return decideOn(reviewStream(reviewId), reviewDecider, { kind: 'hide', adminId, reason });
  }
}
