import { CatalogueProjector } from '../../../projections/catalogue/catalogue.projector';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AdjustStockHandler } from './commands/adjust-stock.command';
import { CreateCategoryHandler, RemoveCategoryHandler, ReviseCategoryHandler } from './commands/create-category.command';
import { CreateProductHandler } from './commands/create-product.command';
import { RemoveProductHandler } from './commands/remove-product.command';
import { ProductKeys } from './commands/product-keys';
import { ProductsForSaleHandler } from './commands/products-for-sale.query';
import { ReleaseStockHandler } from './commands/release-stock.command';
import { ReserveStockHandler } from './commands/reserve-stock.command';
import { ReviseProductHandler } from './commands/revise-product.command';
import { CatalogueAdminController } from './http/catalogue-admin.controller';
import { CatalogueController } from './http/catalogue.controller';
import { CatalogueQueries } from '../../../projections/catalogue/catalogue.queries';
import { LowStockAlert } from './processes/low-stock-alert';

@Module({
  imports: [CqrsModule],
  controllers: [CatalogueController, CatalogueAdminController],
  providers: [CatalogueProjector, 
    ProductKeys,
    CatalogueQueries,
    CreateCategoryHandler,
    ReviseCategoryHandler,
    RemoveCategoryHandler,
    CreateProductHandler,
    ReviseProductHandler,
    RemoveProductHandler,
    AdjustStockHandler,
    ReserveStockHandler,
    ReleaseStockHandler,
    LowStockAlert,
    ProductsForSaleHandler,
  ],
  exports: [CatalogueQueries],
})
export class CatalogueModule {}
