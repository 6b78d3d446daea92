import { Controller, Get, Param, Query } from '@nestjs/common';
import { z } from 'zod';
import { CurrentUser, SessionUser } from '../shared/http/request-context';
import { ZodValidationPipe } from '../shared/http/zod-validation.pipe';
import { CatalogueQueries, PRODUCT_SORTS } from './queries/catalogue.queries';

export const idParamSchema = (what: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${what} id must be a whole number`)
    .transform(Number);

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
  constructor(private readonly queries: CatalogueQueries) {}

  @Get('products')
  listProducts(@Query(new ZodValidationPipe(productListQuerySchema)) query: z.infer<typeof productListQuerySchema>, @CurrentUser() user: SessionUser | null) {
    const requested = query.isActive === 'false' ? 'inactive' : query.isActive === 'all' ? 'all' : 'active';
    const activity = user?.role === 'admin' ? requested : 'active';
    return this.queries.listProducts({ search: query.search, categoryId: query.categoryId, sortBy: query.sortBy, activity });
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
