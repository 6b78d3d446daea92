import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ChangeAddressBook, SavedAddresses } from '../commands/address-book.command';
import { SavedAddressView } from '../contract/address-book.events';
import { SavedAddressInput, savedAddressInputSchema } from '../contract/address-book-input';
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
    private readonly queries: QueryBus,
  ) {}

  /** Issue 22: the saved shipping addresses, the default first; checkout offers them. */
  @Get('addresses')
  addresses(@CurrentUser() user: SessionUser): Promise<SavedAddressView[]> {
    return this.queries.execute(new SavedAddresses(user.id));
  }

  /** Saves a new address (at most ten); answers the whole book. */
  @Post('addresses')
  async addAddress(@Body(new ZodValidationPipe(savedAddressInputSchema)) body: SavedAddressInput, @CurrentUser() user: SessionUser, @Context() context: CommandContext): Promise<SavedAddressView[]> {
    await this.consumeChange(user);
    const { makeDefault, ...address } = body;
    return this.commands.execute(new ChangeAddressBook({ kind: 'save', userId: user.id, addressId: null, address, makeDefault }, context));
  }

  @Put('addresses/:id')
  async editAddress(
    @Param('id', new ZodValidationPipe(idParamSchema('Address'))) addressId: number,
    @Body(new ZodValidationPipe(savedAddressInputSchema)) body: SavedAddressInput,
    @CurrentUser() user: SessionUser,
    @Context() context: CommandContext,
  ): Promise<SavedAddressView[]> {
    await this.consumeChange(user);
    const { makeDefault, ...address } = body;
    return this.commands.execute(new ChangeAddressBook({ kind: 'save', userId: user.id, addressId, address, makeDefault }, context));
  }

  @Delete('addresses/:id')
  async removeAddress(@Param('id', new ZodValidationPipe(idParamSchema('Address'))) addressId: number, @CurrentUser() user: SessionUser, @Context() context: CommandContext): Promise<SavedAddressView[]> {
    await this.consumeChange(user);
    return this.commands.execute(new ChangeAddressBook({ kind: 'remove', userId: user.id, addressId }, context));
  }

  @Post('addresses/:id/default')
  @HttpCode(200)
  async chooseDefaultAddress(@Param('id', new ZodValidationPipe(idParamSchema('Address'))) addressId: number, @CurrentUser() user: SessionUser, @Context() context: CommandContext): Promise<SavedAddressView[]> {
    await this.consumeChange(user);
    return this.commands.execute(new ChangeAddressBook({ kind: 'chooseDefault', userId: user.id, addressId }, context));
  }

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
