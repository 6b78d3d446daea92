import { Global, Module } from '@nestjs/common';
import { CatalogueProjector } from './catalogue.projector';
import { OrderNotificationsReactor } from './order-notifications.reactor';
import { OrdersProjector } from './orders.projector';
import { PaymentsProjector } from './payments.projector';
import { PROJECTORS, ProjectionRunner } from './projection-runner';
import { ReferralCodesProjector } from './referral-codes.projector';
import { ReviewsProjector } from './reviews.projector';
import { StockReservationsProjector } from './stock-reservations.projector';
import { UsersProjector } from './users.projector';

const projectorClasses = [CatalogueProjector, UsersProjector, ReviewsProjector, OrdersProjector, ReferralCodesProjector, PaymentsProjector, StockReservationsProjector, OrderNotificationsReactor];

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
