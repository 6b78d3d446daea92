import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ProjectionsModule } from '../../projections/runner/projections.module';
import { AnalyticsModule } from './analytics/analytics.module';
import { CatalogueModule } from './catalogue/catalogue.module';
import { CustomersModule } from './customers/customers.module';
import { AppConfig, ConfigModule } from './config';
import { DemoDataSeeder } from './demo/demo-data.seeder';
import { IdentityModule } from './identity/identity.module';
import { ApiTokensModule } from './identity/api-tokens.module';
import { MediaModule } from './media/media.module';
import { NotificationsModule } from './notifications/notifications.module';
import { OperationsModule } from './operations/operations.module';
import { OrderingModule } from './ordering/ordering.module';
import { PaymentsModule } from './payments/payments.module';
import { ReviewsModule } from './reviews/reviews.module';
import { MetricsModule, ShopMetrics } from './shared/metrics/shop-metrics';
import { HttpDrain } from './shared/http/http-drain';
import { SharedModule } from './shared/shared.module';
import { DataDirLock } from './storage/data-dir-lock';
import { OpenedStores, StorageModule } from './storage/storage.module';
import { StorefrontModule } from './storefront/storefront.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, dataDirLock: DataDirLock | null, opened?: OpenedStores): DynamicModule {
    return {
      module: AppModule,
      imports: [ConfigModule.forRoot(config), MetricsModule.forRoot(new ShopMetrics()), CqrsModule.forRoot(), StorageModule.forRoot(config, dataDirLock, opened), NotificationsModule.forRoot(config), SharedModule, ProjectionsModule, CatalogueModule, IdentityModule, ApiTokensModule, ReviewsModule, OrderingModule, PaymentsModule, MediaModule, OperationsModule, AnalyticsModule, CustomersModule, StorefrontModule],
      // HttpDrain here: the root module's destroy hooks run first, so answers end before anything else stops.
      providers: [DemoDataSeeder, HttpDrain],
    };
  }
}
