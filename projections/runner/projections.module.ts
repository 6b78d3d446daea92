import { DynamicModule, Global, Module, Type } from '@nestjs/common';
import { AnalyticsProjector } from '../analytics/analytics.projector';
import { CatalogueProjector } from '../catalogue/catalogue.projector';
import { FavoritesProjector } from '../customers/favorites.projector';
import { PurchasesProjector } from '../customers/purchases.projector';
import { SupportCasesProjector } from '../customers/support-cases.projector';
import { UsersProjector } from '../identity/users.projector';
import { OpenProcessesProjector } from '../ordering/open-processes.projector';
import { OrdersProjector } from '../ordering/orders.projector';
import { OrderTimelineProjector } from '../ordering/order-timeline.projector';
import { ReferralCodesProjector } from '../ordering/referral-codes.projector';
import { PaymentsProjector } from '../payments/payments.projector';
import { AuditProjector } from '../operations/audit.projector';
import { ReviewsProjector } from '../reviews/reviews.projector';
import { Projector } from './projector';
import { PROJECTORS, ProjectionRunner } from './projection-runner';

const READ_MODEL_PROJECTORS: Type<Projector>[] = [CatalogueProjector, UsersProjector, ReviewsProjector, FavoritesProjector, PurchasesProjector, SupportCasesProjector, OrdersProjector, OrderTimelineProjector, ReferralCodesProjector, PaymentsProjector, OpenProcessesProjector, AuditProjector, AnalyticsProjector];

/** Every read model's projector, plus the reactors the contexts bring (order e-mails), on one runner. */
@Global()
@Module({})
export class ProjectionsModule {
  static forRoot(reactors: Type<Projector>[]): DynamicModule {
    const projectorClasses = [...READ_MODEL_PROJECTORS, ...reactors];
    return {
      module: ProjectionsModule,
      providers: [
        ...projectorClasses,
        { provide: PROJECTORS, useFactory: (...projectors: Projector[]) => projectors, inject: projectorClasses },
        ProjectionRunner,
      ],
      exports: [ProjectionRunner],
    };
  }
}
