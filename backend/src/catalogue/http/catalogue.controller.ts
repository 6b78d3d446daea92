import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { Invalidation, ReadModelResponseCache, sendSerialized, withHeaders } from '../../shared/http/read-model-response-cache';
import { RecordedEvent } from '../../storage/event-store/event-store.port';
import { CurrentUser } from '../../shared/http/request-context';
import { SessionUser } from '../../identity/contract/session-user';
import { may } from '../../identity/contract/staff-roles';
import { idParamSchema } from '../../shared/http/id-param';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { CatalogueQueries, PRODUCT_SORTS, ProductSort } from '../../../../projections/catalogue/catalogue.queries';

/** The largest page a client may ask for; without `limit` and `offset` the whole list is answered (the spec's array). */
const MAX_PAGE_SIZE = 100;
/** A page without its `limit`. */
const DEFAULT_PAGE_SIZE = 24;

const productListQuerySchema = z.object({
  search: z.string().max(200).optional(),
  categoryId: z
    .string()
    .regex(/^\d{1,9}$/, 'categoryId must be a whole number')
    .transform(Number)
    .optional(),
  sortBy: z.enum(PRODUCT_SORTS, { message: `sortBy must be one of ${PRODUCT_SORTS.join(', ')}` }).optional(),
  isActive: z.enum(['true', 'false', 'all']).optional(),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .transform(Number)
    .refine((limit) => limit >= 1 && limit <= MAX_PAGE_SIZE, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .optional(),
  offset: z
    .string()
    .regex(/^\d{1,9}$/, 'offset must be a whole number from 0')
    .transform(Number)
    .optional(),
});

/** A list shows these products, and its order follows stock when it is sorted by popularity. */
function productListTags(products: { id: number }[], sortBy: ProductSort | undefined): string[] {
  const tags = products.map((product) => `product:${product.id}`);
  return sortBy === 'popularity' ? [...tags, STOCK_ORDER] : tags;
}

const STOCK_ORDER = 'order:stock';
const STOCK_EVENTS = new Set(['StockReserved', 'StockReleased', 'StockAdjusted']);

/**
 * What an event makes stale among the cached product lists: a stock change, the lists showing that
 * product and those ordered by stock; a review, the lists showing its product (its rating); anything
 * else of the catalogue (a product created, renamed, repriced, removed; a category), every list.
 */
function productListChanges(projector: string, event: RecordedEvent): Invalidation {
  const productId = (event.data as { productId?: unknown }).productId;
  if (projector === 'reviews') return typeof productId === 'number' ? { tags: [`product:${productId}`] } : null;
  if (STOCK_EVENTS.has(event.type) && typeof productId === 'number') return { tags: [`product:${productId}`, STOCK_ORDER] };
  return 'all';
}

/** The public catalogue: only active products, whoever asks, except that administrators may list the rest. */
@Controller('api')
export class CatalogueController {
  /** Product lists are built from the catalogue and from the ratings the reviews projector keeps. */
  private readonly productLists: ReadModelResponseCache;

  constructor(
    private readonly queries: CatalogueQueries,
    projections: ProjectionRunner,
  ) {
    this.productLists = new ReadModelResponseCache(projections, ['catalogue', 'reviews'], productListChanges);
  }

  /**
   * The busiest query of the shop: answered from serialised bytes while the catalogue stands still.
   * With `limit` and/or `offset`: that page of the same order, and the whole list's length in
   * `X-Total-Count`, so a client can page or scroll without loading the whole catalogue.
   */
  @Get('products')
  async listProducts(
    @Query(new ZodValidationPipe(productListQuerySchema)) query: z.infer<typeof productListQuerySchema>,
    @CurrentUser() user: SessionUser | null,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const requested = query.isActive === 'false' ? 'inactive' : query.isActive === 'all' ? 'all' : 'active';
    const search = { search: query.search?.trim() || undefined, categoryId: query.categoryId, sortBy: query.sortBy, activity: may(user?.role, 'catalogue:read') ? requested : 'active' } as const;
    const paged = query.limit !== undefined || query.offset !== undefined;
    const page = { offset: query.offset ?? 0, limit: query.limit ?? DEFAULT_PAGE_SIZE };
    const key = JSON.stringify(paged ? { ...search, ...page } : search);
    const serialized = await this.productLists.get(key, async () => {
      const { products, headers } = paged ? await this.queries.pageOfProducts(search, page.offset, page.limit).then(({ products, total }) => ({ products, headers: { 'X-Total-Count': String(total) } })) : { products: await this.queries.listProducts(search), headers: {} };
      return withHeaders(products, headers, productListTags(products, search.sortBy));
    });
    // Sent as bytes (Nest would serialise a returned Buffer as an object), compressed once per answer.
    await sendSerialized(request, response, serialized);
  }

  @Get('products/on-sale')
  listOnSale() {
    return this.queries.listOnSale();
  }

  @Get('products/:id')
  getProduct(@Param('id', new ZodValidationPipe(idParamSchema('Product'))) productId: number, @CurrentUser() user: SessionUser | null) {
    return this.queries.getProduct(productId, may(user?.role, 'catalogue:read'));
  }

  @Get('categories')
  listCategories() {
    return this.queries.listCategories();
  }
}
