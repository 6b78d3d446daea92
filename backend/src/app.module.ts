import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ProjectionsModule } from '../../projections/runner/projections.module';
import { CatalogueModule } from './catalogue/catalogue.module';
import { AppConfig } from './config';
import { DemoDataSeeder } from './demo/demo-data.seeder';
import { IdentityModule } from './identity/identity.module';
import { NotificationsModule } from './notifications/notifications.module';
import { OrderingModule } from './ordering/ordering.module';
import { PaymentsModule } from './payments/payments.module';
import { ReviewsModule } from './reviews/reviews.module';
import { SharedModule } from './shared/shared.module';
import { StorageModule } from './storage/storage.module';

export const APP_CONFIG = Symbol('APP_CONFIG');

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [CqrsModule.forRoot(), StorageModule.forRoot(config), NotificationsModule.forRoot(config), SharedModule, ProjectionsModule, CatalogueModule, IdentityModule, ReviewsModule, OrderingModule, PaymentsModule],
      providers: [{ provide: APP_CONFIG, useValue: config }, DemoDataSeeder],
    };
  }
}
