import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ReviewQueries } from '../../../projections/reviews/review.queries';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { OrderingModule } from '../ordering/ordering.module';
import { AnswerReviewHandler } from './commands/answer-review.command';
import { DeleteReviewHandler } from './commands/delete-review.command';
import { EditReviewHandler } from './commands/edit-review.command';
import { VoteOnReviewHandler } from './commands/vote-on-review.command';
import { WriteReviewHandler } from './commands/write-review.command';
import { ReviewsController } from './http/reviews.controller';

@Module({
  imports: [CqrsModule, CatalogueModule, OrderingModule],
  controllers: [ReviewsController],
  providers: [ReviewQueries, WriteReviewHandler, EditReviewHandler, DeleteReviewHandler, VoteOnReviewHandler, AnswerReviewHandler],
})
export class ReviewsModule {}
