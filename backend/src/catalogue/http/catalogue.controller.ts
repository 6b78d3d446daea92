import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { ReadModelResponseCache } from '../../shared/http/read-model-response-cache';
import { CurrentUser } from '../../shared/http/request-context';
import { SessionUser } from '../../identity/contract/session-user';
import { idParamSchema } from '../../shared/http/id-param';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { CatalogueQueries, PRODUCT_SORTS } from '../../../../projections/catalogue/catalogue.queries';

const productListQuerySchema = z.object({
  search: z.string().max(200).optional(),
  categoryId: z
    .string()
    .regex(/^\d{1,9}$/, 'categoryId must be a whole number')
    .transform(Number)
    .optional(),
  sortBy: z.enum(PRODUCT_SORTS, { message: `sortBy must be one of ${PRODUCT_SORTS.join(', ')}` }).optional(),
  isActive: z.enum(['true', 'false', 'all']).optional(),
});

/** The public catalogue: only active products, whoever asks, except that administrators may list the rest. */
@Controller('api')
export class CatalogueController {
  /** Product lists are built from the catalogue and from the ratings the reviews projector keeps. */
  private readonly productLists: ReadModelResponseCache;

  constructor(
    private readonly queries: CatalogueQueries,
    projections: ProjectionRunner,
  ) {
    this.productLists = new ReadModelResponseCache(projections, ['catalogue', 'reviews']);
  }

  /** The busiest query of the shop: answered from serialised bytes while the catalogue stands still. */
  @Get('products')
  async listProducts(
    @Query(new ZodValidationPipe(productListQuerySchema)) query: z.infer<typeof productListQuerySchema>,
    @CurrentUser() user: SessionUser | null,
    @Res() response: Response,
  ): Promise<void> {
    const requested = query.isActive === 'false' ? 'inactive' : query.isActive === 'all' ? 'all' : 'active';
    const search = { search: query.search?.trim() || undefined, categoryId: query.categoryId, sortBy: query.sortBy, activity: user?.role === 'admin' ? requested : 'active' } as const;
    const { body, etag } = await this.productLists.get(JSON.stringify(search), () => this.queries.listProducts(search));
    // Sent as bytes: Nest would serialise a returned Buffer as an object.
    response.type('application/json').setHeader('ETag', etag);
    response.send(body);
  }

  @Get('products/on-sale')
  listOnSale() {
    return this.queries.listOnSale();
  }

  @Get('products/:id')
  getProduct(@Param('id', new ZodValidationPipe(idParamSchema('Product'))) productId: number, @CurrentUser() user: SessionUser | null) {
    return this.queries.getProduct(productId, user?.role === 'admin');
  }

  @Get('categories')
  listCategories() {
    return this.queries.listCategories();
  }
}
