import { Global, Module } from '@nestjs/common';
import { CatalogueProjector } from './catalogue.projector';
import { PROJECTORS, ProjectionRunner } from './projection-runner';
import { ReviewsProjector } from './reviews.projector';
import { UsersProjector } from './users.projector';

const projectorClasses = [CatalogueProjector, UsersProjector, ReviewsProjector];

@Global()
@Module({
  providers: [
    ...projectorClasses,
    { provide: PROJECTORS, useFactory: (...projectors: unknown[]) => projectors, inject: projectorClasses },
    ProjectionRunner,
  ],
  exports: [ProjectionRunner],
})
export class ProjectionsModule {}
