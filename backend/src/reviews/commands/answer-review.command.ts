import { Command, CommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { decideOn, OneStreamHandler } from '../../shared/event-sourcing/one-stream-handler';
import { reviewStream } from '../contract/review.events';
import { reviewDecider } from '../domain/review.decider';

/** The store answers a review publicly. */
export class AnswerReview extends Command<{ position: number | null }> {
  constructor(
    readonly reviewId: string,
    readonly adminId: string,
    readonly response: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(AnswerReview)
export class AnswerReviewHandler extends OneStreamHandler<AnswerReview> {
  protected decision({ reviewId, adminId, response }: AnswerReview) {
    return decideOn(reviewStream(reviewId), reviewDecider, { kind: 'answer', adminId, response });
  }
}
