import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { PageQuery } from '../../shared/contract/paging';
import { pageQuerySchema } from '../../shared/contract/paging-input';
import { pageHeaders } from '../../shared/http/paged-response';
import { z } from 'zod';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { idParamSchema } from '../../shared/http/id-param';
import { orderContactLink } from '../contract/checkout-rules';
import { SignedInGuard } from '../../shared/http/guards';
import { RateLimiter } from '../../shared/http/rate-limiter';
import { commandContextOf, CurrentUser, currentUserOf } from '../../shared/http/request-context';
import { SessionUser } from '../../identity/contract/session-user';
import type { Permission } from '../../identity/contract/staff-roles';
import { rememberGuestOrder } from '../../shared/http/session-data';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { CheckoutPricing, UnknownReferralCode } from '../commands/checkout-pricing';
import { PlaceOrderInput, placeOrderSchema, QuoteInput, quoteSchema } from '../contract/order-input';
import { APP_CONFIG, AppConfig } from '../../config';
import { PlaceOrder } from '../commands/place-order.command';
import { BuyerIdentity } from './buyer-identity';
import { OrderStillBeingPlaced } from '../processes/order-placement.process';
import { assertMayAccessOrder, mayAccessOrder, orderRefusal, seesOrderAmounts } from '../../shared/http/order-access';
import { orderAsSeen } from '../contract/order-amounts';
import { CancelOrder } from '../commands/cancel-order.command';
import { OrderQueries } from '../../../../projections/ordering/order.queries';
import { OrderView, PlacedOrderView } from '../contract/order.views';
import { OrderTimelineEntryView } from '../contract/order-timeline';
import { CANCELLED_BY_CUSTOMER, CancelOrderInput, cancelOrderSchema, ORDER_LOOKUP_NO_MATCH, OrderLookupInput, orderLookupSchema, OrderLookupView } from '../contract/order-lookup';
import { gstIncluded } from '../contract/gst';
import { InvalidInputError, NotFoundError } from '../../shared/errors';
import { RequestOrderReturn } from '../commands/order-return.command';
import { TaxInvoicePdf } from '../commands/tax-invoice.query';
import { RETURN_PHOTO_FULL, RETURN_PHOTO_THUMBNAIL, ReturnRequestInput, returnRequestSchema } from '../contract/order-returns';
import { AttachedImageFile } from '../../media/commands/public';
import { UPLOAD_ID } from '../../media/contract/media-input';
import { sendPrivateWebp } from '../../shared/http/private-image';

const referralCodeParam = z.string().trim().min(1).max(40, 'Invalid referral code');
const photoIdParam = z.string().regex(UPLOAD_ID, 'Image not found');
const photoFileParam = z
  .string()
  .refine((file) => file === `${RETURN_PHOTO_THUMBNAIL}.webp` || file === `${RETURN_PHOTO_FULL}.webp`, 'Image not found')
  .transform((file) => Number.parseInt(file, 10));
/**
 * Referral codes are worth guessing (each is a discount), so an address gets 30 tries a minute at
 * telling codes apart, on one budget: every check of the lookup route, and every miss of a quote or
 * an order that carries a code. A quote or order with a code that exists costs nothing.
 */
export const REFERRAL_GUESSES_PER_MINUTE = 30;
const TOO_MANY_REFERRAL_GUESSES = 'Too many referral code checks.';
/**
 * "Find your order": a client may try a few pairs, and nobody may try many e-mails against one order
 * number. The per-number count is kept per client (5 an hour), not for the number alone: a small
 * limit anyone can use up would let whoever knows an order number (it is on the parcel) lock the
 * buyer out of their own order. Over all clients a number gets a ceiling of 100 an hour, so guessing
 * spread over many addresses still gets nowhere (an e-mail address is not guessed in a hundred
 * tries), and locking a buyer out takes at least twenty addresses doing nothing else.
 */
const ORDER_LOOKUPS_PER_CLIENT = { limit: 20, windowMs: 15 * 60_000 };
const ORDER_LOOKUPS_PER_CLIENT_AND_ORDER = { limit: 5, windowMs: 60 * 60_000 };
const ORDER_LOOKUPS_PER_ORDER = { limit: 100, windowMs: 60 * 60_000 };

@Controller('api')
export class OrderingController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly pricing: CheckoutPricing,
    private readonly orders: OrderQueries,
    private readonly projections: ProjectionRunner,
    private readonly rateLimiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly buyers: BuyerIdentity,
  ) {}

  /** The order summary the checkout shows, computed exactly as the order will be. */
  @Post('checkout/quote')
  @HttpCode(200)
  async quote(@Body(new ZodValidationPipe(quoteSchema)) input: QuoteInput, @Req() request: Request) {
    const { lines, totals, referralCode } = await this.countingReferralMisses(request, input.referralCode, () => this.pricing.price(input.items, input.shippingMethod, input.referralCode));
    return { items: lines, ...totals, referralCode, gstIncluded: gstIncluded(totals.totalAmount) };
  }

  @Post('orders')
  async placeOrder(@Body(new ZodValidationPipe(placeOrderSchema)) input: PlaceOrderInput, @CurrentUser() user: SessionUser | null, @Req() request: Request): Promise<PlacedOrderView> {
    await this.rateLimiter.consume(`orders:${request.ip}`, this.config.ordersPerClientPer10Minutes, 10 * 60_000, 'Too many orders from this address.');
    const buyers = this.config.unpaidHolds ? await this.buyers.buyersOf(request, input.customerEmail) : [];
    let placed: { orderId: number; position: number | null };
    try {
      placed = await this.countingReferralMisses(request, input.referralCode, () => this.commands.execute(new PlaceOrder(input, user?.id ?? null, commandContextOf(request), buyers)));
    } catch (error) {
      if (error instanceof OrderStillBeingPlaced && !user) rememberGuestOrder(request, error.orderId);
      throw error;
    }
    const { orderId, position } = placed;
    if (!user) rememberGuestOrder(request, orderId);
    await this.projections.readYourWrite(position, ['orders'], `/api/orders/${orderId}`);
    const order = await this.orders.byId(orderId);
    return { ...order, whatsappContactLink: orderContactLink(order) };
  }

  @Get('orders/:id')
  async order(@Param('id', new ZodValidationPipe(idParamSchema('Order'))) orderId: number, @Req() request: Request) {
    const order = await this.orders.byId(orderId);
    assertMayAccessOrder(request, order);
    return orderAsSeen(order, seesOrderAmounts(currentUserOf(request)?.role));
  }

  @Get('orders/:id/items')
  async orderItems(@Param('id', new ZodValidationPipe(idParamSchema('Order'))) orderId: number, @Req() request: Request) {
    const order = await this.orders.byId(orderId);
    assertMayAccessOrder(request, order);
    return orderAsSeen(order, seesOrderAmounts(currentUserOf(request)?.role)).items;
  }

  /** The order's history in its customer's words; readable by exactly those who may read the order. */
  @Get('orders/:id/timeline')
  async orderTimeline(@Param('id', new ZodValidationPipe(idParamSchema('Order'))) orderId: number, @Req() request: Request): Promise<OrderTimelineEntryView[]> {
    const order = await this.orders.byId(orderId);
    assertMayAccessOrder(request, order);
    const timeline = await this.orders.timeline(orderId);
    // Refunds and returns tell their amounts; staff not shown amounts (fulfilment) read that they happened.
    return seesOrderAmounts(currentUserOf(request)?.role) ? timeline : timeline.map((entry) => (/A\$/.test(entry.detail ?? '') ? { ...entry, detail: null } : entry));
  }

  /**
   * A guest finds an order by its number and the e-mail it was placed with. Every failure (no such
   * order, another e-mail) is the same 404, and attempts are counted per client and per order number,
   * so the pair cannot be guessed. The answer is shown once; it grants no access to the order later.
   */
  @Post('orders/lookup')
  @HttpCode(200)
  async lookUpOrder(@Body(new ZodValidationPipe(orderLookupSchema)) input: OrderLookupInput, @Req() request: Request): Promise<OrderLookupView> {
    await this.countLookup(request, input.orderNumber);
    const order = await this.orderOrNull(input.orderNumber);
    if (!order || order.customerEmail.toLowerCase() !== input.email) throw new NotFoundError(ORDER_LOOKUP_NO_MATCH);
    return { order, timeline: await this.orders.timeline(order.id) };
  }

  /**
   * The buyer cancels an order that is not paid and not yet started on (issue 21); its stock goes back on sale
   * and the buyer is mailed. The customer, or the browser that placed it as a guest, may; a guest who found it
   * through the lookup gives its e-mail again, counted like a lookup. Anyone else is told it does not exist.
   */
  @Post('orders/:id/cancel')
  @HttpCode(200)
  async cancel(
    @Param('id', new ZodValidationPipe(idParamSchema('Order'))) orderId: number,
    @Body(new ZodValidationPipe(cancelOrderSchema)) input: CancelOrderInput,
    @Req() request: Request,
  ): Promise<OrderView> {
    await this.buyersOrder(request, orderId, input.email, 'orders:cancel');
    const { position } = await this.commands.execute(new CancelOrder(orderId, CANCELLED_BY_CUSTOMER, commandContextOf(request), true));
    await this.projections.readYourWrite(position, ['orders'], `/api/orders/${orderId}`);
    return this.orders.byId(orderId);
  }

  /**
   * The buyer asks to return a delivered order's items (issue 21, the `/returns` policy): the same proof as a
   * cancellation (the customer, the browser that placed it as a guest, or a guest's e-mail counted like a lookup).
   * Photos are uploads of a signed-in buyer. Staff then authorize or refuse it; the buyer is mailed at each step.
   */
  @Post('orders/:id/returns')
  @HttpCode(201)
  async requestReturn(
    @Param('id', new ZodValidationPipe(idParamSchema('Order'))) orderId: number,
    @Body(new ZodValidationPipe(returnRequestSchema)) input: ReturnRequestInput,
    @CurrentUser() user: SessionUser | null,
    @Req() request: Request,
  ): Promise<OrderView> {
    await this.buyersOrder(request, orderId, input.email, 'returns:decide');
    if (input.photos.length > 0 && !user) throw new InvalidInputError('Sign in to add photos to a return');
    const { lines, reason, photos } = input;
    const { position } = await this.commands.execute(new RequestOrderReturn(orderId, { lines: lines ?? null, reason, photos }, user?.id ?? null, commandContextOf(request)));
    await this.projections.readYourWrite(position, ['orders'], `/api/orders/${orderId}`);
    return this.orders.byId(orderId);
  }

  /**
   * The paid order's tax invoice as a PDF (issue 22; a receipt where the shop is not registered for GST), for whoever
   * may read the order: its buyer's session, the browser that placed it as a guest, staff who see amounts. 409 while unpaid.
   */
  @Get('orders/:id/invoice.pdf')
  async invoice(@Param('id', new ZodValidationPipe(idParamSchema('Order'))) orderId: number, @Req() request: Request, @Res() response: Response): Promise<void> {
    const order = await this.orders.byId(orderId);
    assertMayAccessOrder(request, order, 'orders:amounts');
    const { fileName, bytes } = await this.queries.execute(new TaxInvoicePdf(orderId));
    response.setHeader('Content-Type', 'application/pdf');
    response.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    response.setHeader('Cache-Control', 'private, no-store');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.send(bytes);
  }

  /** A return's photo, re-encoded as WebP: for whoever may read the order (its buyer and staff), never kept by shared caches. */
  @Get('orders/:id/return-photos/:photoId/:file')
  async returnPhoto(
    @Param('id', new ZodValidationPipe(idParamSchema('Order'))) orderId: number,
    @Param('photoId', new ZodValidationPipe(photoIdParam)) photoId: string,
    @Param('file', new ZodValidationPipe(photoFileParam)) width: number,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const order = await this.orderOrNull(orderId);
    if (!order || !mayAccessOrder(request, order) || !order.returnRequest?.photos.some((photo) => photo.id === photoId)) throw new NotFoundError('Image not found');
    const { bytes } = await this.queries.execute(new AttachedImageFile(photoId, width));
    sendPrivateWebp(response, bytes);
  }

  /** The customer's own orders, newest first: the first page without paging parameters, with how many in X-Total-Count. */
  @Get('customer/orders')
  @UseGuards(SignedInGuard)
  async customerOrders(@CurrentUser() user: SessionUser, @Query(new ZodValidationPipe(pageQuerySchema.strict())) query: PageQuery, @Res({ passthrough: true }) response: Response) {
    return pageHeaders(response, await this.orders.forCustomer(user.id, query));
  }

  /**
   * The order, when the request is its buyer's: the customer, the browser that placed it as a guest, staff whose role
   * has `staffPermission`, or whoever gives the e-mail it was placed with (counted like a lookup). Staff who read orders
   * but may not do this are told so (403); anyone else is told it does not exist.
   */
  private async buyersOrder(request: Request, orderId: number, email: string | undefined, staffPermission: Permission): Promise<OrderView> {
    if (email !== undefined) await this.countLookup(request, orderId);
    const order = await this.orderOrNull(orderId);
    const notFound = email === undefined ? 'Order not found' : ORDER_LOOKUP_NO_MATCH;
    if (!order) throw new NotFoundError(notFound);
    if (!mayAccessOrder(request, order, staffPermission) && !(email !== undefined && order.customerEmail.toLowerCase() === email)) throw orderRefusal(request, staffPermission, notFound);
    return order;
  }

  /** The order, or null when there is none (the lookup and the cancellation answer one 404 for every failure). */
  private orderOrNull(orderId: number): Promise<OrderView | null> {
    return this.orders.byId(orderId).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
  }

  /** "Find your order" attempts, per client, per client and number, and per number (see the limits above). */
  private async countLookup(request: Request, orderNumber: number): Promise<void> {
    const tooMany = 'Too many order lookups.';
    await this.rateLimiter.consume(`order-lookup:${request.ip}`, ORDER_LOOKUPS_PER_CLIENT.limit, ORDER_LOOKUPS_PER_CLIENT.windowMs, tooMany);
    // In this order, so a client refused for one number does not use up the number's ceiling.
    await this.rateLimiter.consume(`order-lookup:${request.ip}:order-${orderNumber}`, ORDER_LOOKUPS_PER_CLIENT_AND_ORDER.limit, ORDER_LOOKUPS_PER_CLIENT_AND_ORDER.windowMs, tooMany);
    await this.rateLimiter.consume(`order-lookup:order-${orderNumber}`, ORDER_LOOKUPS_PER_ORDER.limit, ORDER_LOOKUPS_PER_ORDER.windowMs, tooMany);
  }

  @Get('referral-codes/:code')
  async referralCode(@Param('code', new ZodValidationPipe(referralCodeParam)) code: string, @Req() request: Request) {
    await this.rateLimiter.consume(referralGuessesOf(request), REFERRAL_GUESSES_PER_MINUTE, 60_000, TOO_MANY_REFERRAL_GUESSES);
    return this.orders.activeReferralCode(code);
  }

  /**
   * Runs `work` (which prices `referralCode`) and counts an unknown code against the address's referral
   * guesses. Once they are used up, any request with a code is refused (429) before the code is looked
   * at: refusing only the misses would let the 429 itself tell unknown codes from real ones.
   */
  private async countingReferralMisses<T>(request: Request, referralCode: string | null, work: () => Promise<T>): Promise<T> {
    if (referralCode === null) return work();
    await this.rateLimiter.refuseWhenUsedUp(referralGuessesOf(request), REFERRAL_GUESSES_PER_MINUTE, TOO_MANY_REFERRAL_GUESSES);
    try {
      return await work();
    } catch (error) {
      if (error instanceof UnknownReferralCode) await this.rateLimiter.consume(referralGuessesOf(request), REFERRAL_GUESSES_PER_MINUTE, 60_000, TOO_MANY_REFERRAL_GUESSES);
      throw error;
    }
  }
}

function referralGuessesOf(request: Request): string {
  return `referral:${request.ip}`;
}
