import { Body, Controller, Delete, Get, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CustomerQueries } from '../../../../projections/customers/customer.queries';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { SessionUser } from '../../identity/contract/session-user';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { SignedInGuard } from '../../shared/http/guards';
import { idParamSchema } from '../../shared/http/id-param';
import { RateLimiter } from '../../shared/http/rate-limiter';
import { Context, CurrentUser } from '../../shared/http/request-context';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { AddFavorite } from '../commands/add-favorite.command';
import { RemoveFavorite } from '../commands/remove-favorite.command';
import type { FavoriteView, OrderHistoryEntry } from '../contract/customer.views';
import { FavoriteInput, favoriteInputSchema } from '../contract/favorites-input';
import type { ProductView } from '../../catalogue/contract/catalogue.views';

/** Each save or removal appends to the log; a generous cap keeps a script from flooding it. */
const FAVORITE_CHANGES_PER_HOUR = 300;
const HOUR_MS = 60 * 60 * 1000;

/** Checkout spec §7 Customer: the signed-in customer's own lists; nobody can name another customer's. */
@Controller('api/user')
@UseGuards(SignedInGuard)
export class CustomerAccountController {
  constructor(
    private readonly commands: CommandBus,
    private readonly customers: CustomerQueries,
    private readonly projections: ProjectionRunner,
    private readonly rateLimiter: RateLimiter,
  ) {}

  @Get('favorites')
  favorites(@CurrentUser() user: SessionUser): Promise<FavoriteView[]> {
    return this.customers.favorites(user.id);
  }

  /** Answers the whole list as it is after the change, so the storefront's hearts and count agree at once. */
  @Post('favorites')
  async addFavorite(@Body(new ZodValidationPipe(favoriteInputSchema)) body: FavoriteInput, @CurrentUser() user: SessionUser, @Context() context: CommandContext): Promise<FavoriteView[]> {
    await this.consumeChange(user);
    const { position } = await this.commands.execute(new AddFavorite(user.id, body.productId, context));
    await this.projections.readYourWrite(position, ['favorites'], '/api/user/favorites');
    return this.customers.favorites(user.id);
  }

  @Delete('favorites/:productId')
  async removeFavorite(
    @Param('productId', new ZodValidationPipe(idParamSchema('Product'))) productId: number,
    @CurrentUser() user: SessionUser,
    @Context() context: CommandContext,
  ): Promise<FavoriteView[]> {
    await this.consumeChange(user);
    const { position } = await this.commands.execute(new RemoveFavorite(user.id, productId, context));
    await this.projections.readYourWrite(position, ['favorites'], '/api/user/favorites');
    return this.customers.favorites(user.id);
  }

  @Get('order-history')
  orderHistory(@CurrentUser() user: SessionUser): Promise<OrderHistoryEntry[]> {
    return this.customers.orderHistory(user.id);
  }

  @Get('recommendations')
  recommendations(@CurrentUser() user: SessionUser): Promise<ProductView[]> {
    return this.customers.recommendations(user.id);
  }

  private consumeChange(user: SessionUser): Promise<void> {
    return this.rateLimiter.consume(`favorite-change:${user.id}`, FAVORITE_CHANGES_PER_HOUR, HOUR_MS, 'Too many changes to your favorites.');
  }
}
