import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { RequirePermission } from '../../shared/http/guards';
import { Context } from '../../shared/http/request-context';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { idParamSchema } from '../../shared/http/id-param';
import { AdjustStock } from '../commands/adjust-stock.command';
import { CreateCategory, RemoveCategory, ReviseCategory } from '../commands/create-category.command';
import { AdminCategoryView, CategoryRemovalView } from '../contract/catalogue.views';
import { NotFoundError } from '../../shared/errors';
import { CreateProduct } from '../commands/create-product.command';
import { RemoveProduct } from '../commands/remove-product.command';
import { categoryInputSchema, ProductChanges, productChangesSchema, ProductInput, productInputSchema, stockAdjustmentSchema } from '../contract/product-input';
import { ReviseProduct } from '../commands/revise-product.command';
import { CatalogueQueries } from '../../../../projections/catalogue/catalogue.queries';

/** Back-office catalogue commands; each answers once the catalogue read model shows the change. */
@Controller('api/admin')
export class CatalogueAdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: CatalogueQueries,
    private readonly projections: ProjectionRunner,
  ) {}

  @Get('products')
  @RequirePermission('catalogue:read')
  listProducts() {
    return this.queries.listProducts({ activity: 'all' });
  }

  /** Any product, active or not: where a 202 answer to a product change points. */
  @Get('products/:id')
  @RequirePermission('catalogue:read')
  product(@Param('id', new ZodValidationPipe(idParamSchema('Product'))) productId: number) {
    return this.queries.getProduct(productId, true);
  }

  @Post('products')
  @RequirePermission('catalogue:write')
  async createProduct(@Body(new ZodValidationPipe(productInputSchema)) input: ProductInput, @Context() context: CommandContext) {
    const { productId, position } = await this.commands.execute(new CreateProduct(input, context));
    await this.projections.readYourWrite(position, ['catalogue'], `/api/admin/products/${productId}`);
    return this.queries.getProduct(productId, true);
  }

  @Put('products/:id')
  @RequirePermission('catalogue:write')
  async reviseProduct(
    @Param('id', new ZodValidationPipe(idParamSchema('Product'))) productId: number,
    @Body(new ZodValidationPipe(productChangesSchema)) changes: ProductChanges,
    @Context() context: CommandContext,
  ) {
    const { position } = await this.commands.execute(new ReviseProduct(productId, changes, context));
    await this.projections.readYourWrite(position, ['catalogue'], `/api/admin/products/${productId}`);
    return this.queries.getProduct(productId, true);
  }

  @Delete('products/:id')
  @RequirePermission('catalogue:write')
  async removeProduct(@Param('id', new ZodValidationPipe(idParamSchema('Product'))) productId: number, @Context() context: CommandContext) {
    const { position, outcome } = await this.commands.execute(new RemoveProduct(productId, context));
    await this.projections.readYourWrite(position, ['catalogue'], `/api/admin/products/${productId}`);
    // `outcome` tells the back office which of the two happened; the message is the spec's for both.
    return { message: 'Product removed successfully. Products with order history are deactivated to preserve records.', outcome };
  }

  @Post('products/:id/stock')
  @RequirePermission('catalogue:write')
  @HttpCode(200)
  async adjustStock(
    @Param('id', new ZodValidationPipe(idParamSchema('Product'))) productId: number,
    @Body(new ZodValidationPipe(stockAdjustmentSchema)) body: z.infer<typeof stockAdjustmentSchema>,
    @Context() context: CommandContext,
  ) {
    const { position } = await this.commands.execute(new AdjustStock(productId, body.delta, body.reason, context));
    await this.projections.readYourWrite(position, ['catalogue'], `/api/admin/products/${productId}`);
    return this.queries.getProduct(productId, true);
  }

  @Post('categories')
  @RequirePermission('catalogue:write')
  async createCategory(@Body(new ZodValidationPipe(categoryInputSchema)) body: z.infer<typeof categoryInputSchema>, @Context() context: CommandContext) {
    const { categoryId, position } = await this.commands.execute(new CreateCategory(body.name, body.description, context));
    await this.projections.readYourWrite(position, ['catalogue'], '/api/categories');
    return this.categoryView(categoryId);
  }

  /** Every category not removed, the deactivated ones too (the Categories panel of the Products tab). */
  @Get('categories')
  @RequirePermission('catalogue:read')
  listCategories(): Promise<AdminCategoryView[]> {
    return this.queries.listAllCategories();
  }

  /** Removes a category no product is in; one that still holds products is deactivated: hidden from the storefront, kept for them. */
  @Delete('categories/:id')
  @RequirePermission('catalogue:write')
  async removeCategory(@Param('id', new ZodValidationPipe(idParamSchema('Category'))) categoryId: number, @Context() context: CommandContext): Promise<CategoryRemovalView> {
    const products = await this.queries.productsInCategory(categoryId);
    const { position, outcome } = await this.commands.execute(new RemoveCategory(categoryId, products, context));
    await this.projections.readYourWrite(position, ['catalogue'], `/api/admin/categories/${categoryId}`);
    return outcome === 'removed'
      ? { outcome, message: 'Category removed.' }
      : { outcome, message: `Category deactivated: it still holds ${products} product${products === 1 ? '' : 's'}, so it is hidden from the storefront and kept for them. Move them to another category to remove it.` };
  }

  /** Active products with LOW_STOCK_THRESHOLD units or fewer, the fewest first (the back office's dashboard). */
  @Get('stock/low')
  @RequirePermission('catalogue:read')
  lowStock() {
    return this.queries.lowStock();
  }

  /** Renames a category or changes its description; its products stay in it. */
  @Put('categories/:id')
  @RequirePermission('catalogue:write')
  async reviseCategory(
    @Param('id', new ZodValidationPipe(idParamSchema('Category'))) categoryId: number,
    @Body(new ZodValidationPipe(categoryInputSchema)) body: z.infer<typeof categoryInputSchema>,
    @Context() context: CommandContext,
  ) {
    const { position } = await this.commands.execute(new ReviseCategory(categoryId, body.name, body.description, context));
    await this.projections.readYourWrite(position, ['catalogue'], '/api/categories');
    return this.categoryView(categoryId);
  }

  private async categoryView(categoryId: number): Promise<AdminCategoryView> {
    const category = (await this.queries.listAllCategories()).find((candidate) => candidate.id === categoryId);
    if (!category) throw new NotFoundError('Category not found');
    return category;
  }
}
