import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CatalogueAdminController } from './http/catalogue-admin.controller';
import { CatalogueController } from './http/catalogue.controller';
import { AdjustStockHandler } from './commands/adjust-stock.command';
import { CatalogueGuards } from './commands/catalogue-guards';
import { CreateCategoryHandler } from './commands/create-category.command';
import { CreateProductHandler } from './commands/create-product.command';
import { DeactivateProductHandler } from './commands/deactivate-product.command';
import { ReviseProductHandler } from './commands/revise-product.command';
import { CatalogueQueries } from '../../../projections/catalogue/catalogue.queries';

@Module({
  imports: [CqrsModule],
  controllers: [CatalogueController, CatalogueAdminController],
  providers: [
    CatalogueGuards,
    CatalogueQueries,
    CreateCategoryHandler,
    CreateProductHandler,
    ReviseProductHandler,
    DeactivateProductHandler,
    AdjustStockHandler,
  ],
  exports: [CatalogueQueries],
})
export class CatalogueModule {}
