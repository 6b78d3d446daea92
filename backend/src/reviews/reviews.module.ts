import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { ChangeReviewHandler, WriteReviewHandler } from './commands/review.commands';
import { ReviewQueries } from '../../../projections/reviews/review.queries';
import { ReviewsController } from './http/reviews.controller';

@Module({
  imports: [CqrsModule, CatalogueModule],
  controllers: [ReviewsController],
  providers: [ReviewQueries, WriteReviewHandler, ChangeReviewHandler],
})
export class ReviewsModule {}
