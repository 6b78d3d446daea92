import { ReviewsProjector } from '../../../projections/reviews/reviews.projector';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CatalogueQueries } from '../../../projections/catalogue/catalogue.queries';
import { OrderQueries } from '../../../projections/ordering/order.queries';
import { ReviewQueries } from '../../../projections/reviews/review.queries';
import { AnswerReviewHandler } from './commands/answer-review.command';
import { DeleteReviewHandler } from './commands/delete-review.command';
import { EditReviewHandler } from './commands/edit-review.command';
import { HideReviewHandler } from './commands/hide-review.command';
import { ShowReviewHandler } from './commands/show-review.command';
import { VoteOnReviewHandler } from './commands/vote-on-review.command';
import { WriteReviewHandler } from './commands/write-review.command';
import { ReviewsController } from './http/reviews.controller';

@Module({
  imports: [CqrsModule],
  controllers: [ReviewsController],
  providers: [ReviewsProjector, ReviewQueries, CatalogueQueries, OrderQueries, WriteReviewHandler, EditReviewHandler, DeleteReviewHandler, VoteOnReviewHandler, AnswerReviewHandler, HideReviewHandler, ShowReviewHandler],
})
export class ReviewsModule {}
