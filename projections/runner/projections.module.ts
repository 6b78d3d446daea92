import { Global, Module } from '@nestjs/common';
import { CatalogueProjector } from '../catalogue/catalogue.projector';
import { OrderNotificationsReactor } from '../../backend/src/notifications/processes/order-notifications.reactor';
import { OrdersProjector } from '../ordering/orders.projector';
import { PaymentsProjector } from '../payments/payments.projector';
import { PROJECTORS, ProjectionRunner } from './projection-runner';
import { ReferralCodesProjector } from '../ordering/referral-codes.projector';
import { ReviewsProjector } from '../reviews/reviews.projector';
import { StockReservationsProjector } from '../catalogue/stock-reservations.projector';
import { UsersProjector } from '../identity/users.projector';

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
