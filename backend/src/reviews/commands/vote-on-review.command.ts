import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { reviewStream } from '../contract/review.events';
import { reviewDecider } from '../domain/review.decider';

/** Another shopper finds the review helpful or not; a second vote replaces the first. */
export class VoteOnReview extends Command<{ reviewId: string; position: number | null }> {
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
export class VoteOnReviewHandler implements ICommandHandler<VoteOnReview> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ reviewId, voterId, isHelpful, context }: VoteOnReview) {
    const { position } = await this.streams.execute(reviewStream(reviewId), reviewDecider, { kind: 'vote', voterId, isHelpful }, context);
    return { reviewId, position };
  }
}
