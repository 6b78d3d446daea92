import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { reviewStream } from '../contract/review.events';
import { reviewDecider } from '../domain/review.decider';

/** The store answers a review publicly. */
export class AnswerReview extends Command<{ reviewId: string; position: number | null }> {
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
export class AnswerReviewHandler implements ICommandHandler<AnswerReview> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ reviewId, adminId, response, context }: AnswerReview) {
    const { position } = await this.streams.execute(reviewStream(reviewId), reviewDecider, { kind: 'answer', adminId, response }, context);
    return { reviewId, position };
  }
}
