import { Module } from '@nestjs/common';
import { CatalogueQueries } from '../../../projections/catalogue/catalogue.queries';
import { StorefrontPages } from './storefront-pages';

/** The storefront's pages as the server renders them (head, markup, sitemap); app.ts mounts them after the API. */
@Module({
  providers: [CatalogueQueries, StorefrontPages],
  exports: [StorefrontPages],
})
export class StorefrontModule {}
