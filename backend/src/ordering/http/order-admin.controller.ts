import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CommandBus } from '@nestjs/cqrs';
import { BuyerVerificationStandingOf } from '../commands/buyer-verification-standing';
import { BuyerVerificationStanding, shippingVerificationRefusal } from '../contract/shipping-verification';
import { z } from 'zod';
import { DashboardQueries } from '../../../../projections/ordering/dashboard.queries';
import { OrderQueries } from '../../../../projections/ordering/order.queries';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { forbiddenMessage, RequirePermission } from '../../shared/http/guards';
import { SessionUser } from '../../identity/contract/session-user';
import { may } from '../../identity/contract/staff-roles';
import { seesOrderAmounts } from '../../shared/http/order-access';
import { orderAsSeen } from '../contract/order-amounts';
import { idParamSchema } from '../../shared/http/id-param';
import { Context, CurrentUser } from '../../shared/http/request-context';
import { pageHeaders } from '../../shared/http/paged-response';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { CancelOrder } from '../commands/cancel-order.command';
import { RefundOrder } from '../commands/refund-order.command';
import { DecideOrderReturn, ReturnDecision } from '../commands/order-return.command';
import { authorizeReturnSchema, receiveReturnSchema, refuseReturnSchema } from '../contract/order-returns';
import { ChangeOrderStatus } from '../commands/change-order-status.command';
import { CreateReferralCode } from '../commands/create-referral-code.command';
import { DeactivateReferralCode } from '../commands/deactivate-referral-code.command';
import { ShipOrder } from '../commands/ship-order.command';
import { AdminOrderView, HeldStockView, OrderCountsView, OrderView } from '../contract/order.views';
import { ConflictError, ForbiddenError } from '../../shared/errors';
import { orderListSchema as listSchema, orderStatusSchema as statusSchema, referralCodeSchema as referralSchema, RefundInput, refundSchema, shippingSchema } from '../contract/back-office-input';

/** The orders read models an order answer reads. */
const ORDER_READ_MODELS = ['orders'];
/** The cancellation reason of an order whose held stock staff released (the customer reads it). */
export const RELEASED_BY_STAFF = 'Cancelled unpaid: the stock it held was released for other customers';

/** Back-office order management (checkout spec §7, Admin). */
@Controller('api')
export class OrderAdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly verifications: BuyerVerificationStandingOf,
    private readonly orders: OrderQueries,
    private readonly dashboards: DashboardQueries,
    private readonly projections: ProjectionRunner,
  ) {}

  @Get('admin/dashboard')
  @RequirePermission('dashboard:read')
  dashboard() {
    return this.dashboards.dashboard();
  }

  /** The spec's array of orders: one page of it, newest first (the first page without paging parameters), with how many match in X-Total-Count. */
  @Get('admin/orders')
  @RequirePermission('orders:read')
  adminOrders(@Query(new ZodValidationPipe(listSchema)) query: z.infer<typeof listSchema>, @CurrentUser() user: SessionUser, @Res({ passthrough: true }) response: Response) {
    return this.ordersPage(query, user, response);
  }

  /** How many orders there are in all and in each status (the Orders tab's status tabs): figures the projector keeps. */
  @Get('admin/orders/counts')
  @RequirePermission('orders:read')
  orderCounts(): Promise<OrderCountsView> {
    return this.orders.counts();
  }

  @Get('orders')
  @RequirePermission('orders:read')
  ordersTab(@Query(new ZodValidationPipe(listSchema)) query: z.infer<typeof listSchema>, @CurrentUser() user: SessionUser, @Res({ passthrough: true }) response: Response) {
    return this.ordersPage(query, user, response);
  }

  /** A page of orders, each without what it costs for staff who are not shown amounts (fulfilment). */
  private async ordersPage({ page, pageSize, ...search }: z.infer<typeof listSchema>, user: SessionUser, response: Response) {
    const found = await this.orders.page(search, { page, pageSize });
    const seesAmounts = seesOrderAmounts(user.role);
    return pageHeaders(response, { ...found, items: (await this.withShippingHolds(found.items)).map((order) => orderAsSeen(order, seesAmounts)) });
  }

  /** One order after a change, as the acting staff member may see it. */
  private async changed(orderId: number, user: SessionUser) {
    return orderAsSeen(await this.orders.byId(orderId), seesOrderAmounts(user.role));
  }

  /**
   * Why each order that could ship may not yet (its buyer's institution verification, read from the customers
   * context's streams, once per buyer on the page): what the ship button would answer, shown before it is pressed.
   */
  private async withShippingHolds(orders: OrderView[]): Promise<AdminOrderView[]> {
    const standings = new Map<string | null, BuyerVerificationStanding>();
    for (const order of orders) {
      if ((order.status !== 'pending' && order.status !== 'processing') || standings.has(order.customerId)) continue;
      standings.set(order.customerId, await this.verifications.buyer(order.customerId));
    }
    return orders.map((order) => {
      const standing = standings.get(order.customerId);
      return { ...order, shippingHold: standing === undefined ? null : shippingVerificationRefusal(order.id, order.customerId === null, standing) };
    });
  }

  /**
   * Cancelled returns the order's stock (the cancellation process); every other status is a plain change. Moving
   * an order along is fulfilment's; cancelling it (possibly paid) is a decision for those who may cancel orders.
   */
  @Put('orders/:id/status')
  @RequirePermission('orders:status')
  async changeStatus(
    @Param('id', new ZodValidationPipe(idParamSchema('Order'))) orderId: number,
    @Body(new ZodValidationPipe(statusSchema)) { status }: z.infer<typeof statusSchema>,
    @CurrentUser() user: SessionUser,
    @Context() context: CommandContext,
  ) {
    if (status === 'cancelled' && !may(user.role, 'orders:cancel')) throw new ForbiddenError(forbiddenMessage('orders:cancel'));
    const { position } = await this.commands.execute(
      status === 'cancelled' ? new CancelOrder(orderId, 'Cancelled by an administrator', context) : new ChangeOrderStatus(orderId, status, context),
    );
    await this.projections.readYourWrite(position, ORDER_READ_MODELS, `/api/orders/${orderId}`);
    return this.changed(orderId, user);
  }

  /** Stock held by orders not paid yet, per product: what a buyer who never pays keeps from the others. */
  @Get('admin/stock/held')
  @RequirePermission('orders:read')
  heldStock(): Promise<HeldStockView> {
    return this.orders.heldStock();
  }

  /** Gives an unpaid order's stock back by cancelling the order (its customer is told); a paid order's stock is sold, not held. */
  @Post('admin/orders/:id/release')
  @RequirePermission('orders:cancel')
  @HttpCode(200)
  async release(@Param('id', new ZodValidationPipe(idParamSchema('Order'))) orderId: number, @Context() context: CommandContext) {
    const order = await this.orders.byId(orderId);
    if (order.paymentStatus === 'confirmed') throw new ConflictError(`Order ${orderId} is paid: its stock is sold, not held`);
    if (order.status !== 'pending') throw new ConflictError(`Order ${orderId} is ${order.status}: it holds no unpaid stock`);
    const { position } = await this.commands.execute(new CancelOrder(orderId, RELEASED_BY_STAFF, context));
    await this.projections.readYourWrite(position, ORDER_READ_MODELS, `/api/orders/${orderId}`);
    return this.orders.byId(orderId);
  }

  /**
   * Gives money back on a paid order (issue 21): full or partial, never more than was received less what was
   * refunded (409), a crypto refund to the customer's address with the transaction staff sent (400 otherwise);
   * with `restock` the items go back on sale. The customer is mailed; revenue goes down by the refund.
   */
  @Post('admin/orders/:id/refunds')
  @RequirePermission('payments:decide')
  async refund(
    @Param('id', new ZodValidationPipe(idParamSchema('Order'))) orderId: number,
    @Body(new ZodValidationPipe(refundSchema)) body: RefundInput,
    @Context() context: CommandContext,
  ) {
    const { position } = await this.commands.execute(new RefundOrder(orderId, body, context));
    await this.projections.readYourWrite(position, ORDER_READ_MODELS, `/api/admin/orders/${orderId}/refunds`);
    return this.orders.byId(orderId);
  }

  /** A buyer's return (issue 21): authorized with instructions for the buyer, mailed to them. */
  @Post('admin/orders/:id/returns/authorize')
  @RequirePermission('returns:decide')
  @HttpCode(200)
  authorizeReturn(@Param('id', new ZodValidationPipe(idParamSchema('Order'))) orderId: number, @Body(new ZodValidationPipe(authorizeReturnSchema)) body: z.infer<typeof authorizeReturnSchema>, @CurrentUser() user: SessionUser, @Context() context: CommandContext) {
    return this.decideReturn(orderId, { kind: 'authorizeReturn', instructions: body.instructions }, user, context);
  }

  /** Refused with a reason, mailed to the buyer. */
  @Post('admin/orders/:id/returns/refuse')
  @RequirePermission('returns:decide')
  @HttpCode(200)
  refuseReturn(@Param('id', new ZodValidationPipe(idParamSchema('Order'))) orderId: number, @Body(new ZodValidationPipe(refuseReturnSchema)) body: z.infer<typeof refuseReturnSchema>, @CurrentUser() user: SessionUser, @Context() context: CommandContext) {
    return this.decideReturn(orderId, { kind: 'refuseReturn', reason: body.reason }, user, context);
  }

  /** The returned parcel arrived; the refund (the refunds route) follows and closes the return. */
  @Post('admin/orders/:id/returns/receive')
  @RequirePermission('orders:ship')
  @HttpCode(200)
  receiveReturn(@Param('id', new ZodValidationPipe(idParamSchema('Order'))) orderId: number, @Body(new ZodValidationPipe(receiveReturnSchema)) body: z.infer<typeof receiveReturnSchema>, @CurrentUser() user: SessionUser, @Context() context: CommandContext) {
    return this.decideReturn(orderId, { kind: 'receiveReturn', note: body.note }, user, context);
  }

  private async decideReturn(orderId: number, decision: ReturnDecision, user: SessionUser, context: CommandContext) {
    const { position } = await this.commands.execute(new DecideOrderReturn(orderId, decision, context));
    await this.projections.readYourWrite(position, ORDER_READ_MODELS, `/api/orders/${orderId}`);
    return this.changed(orderId, user);
  }

  @Put('orders/:id/shipping')
  @RequirePermission('orders:ship')
  async ship(
    @Param('id', new ZodValidationPipe(idParamSchema('Order'))) orderId: number,
    @Body(new ZodValidationPipe(shippingSchema)) body: z.infer<typeof shippingSchema>,
    @CurrentUser() user: SessionUser,
    @Context() context: CommandContext,
  ) {
    const shipment = { trackingNumber: body.trackingNumber, carrier: body.shippingCarrier, adminNotes: body.adminNotes };
    const { position } = await this.commands.execute(new ShipOrder(orderId, shipment, context));
    await this.projections.readYourWrite(position, ORDER_READ_MODELS, `/api/orders/${orderId}`);
    return this.changed(orderId, user);
  }

  @Get('admin/referral-codes')
  @RequirePermission('referrals:manage')
  referralCodes() {
    return this.orders.referralCodes();
  }

  @Post('admin/referral-codes')
  @RequirePermission('referrals:manage')
  async createReferralCode(@Body(new ZodValidationPipe(referralSchema)) body: z.infer<typeof referralSchema>, @Context() context: CommandContext) {
    const { position } = await this.commands.execute(new CreateReferralCode(body.code, body.discountPercentage, context));
    await this.projections.readYourWrite(position, ['referral-codes'], `/api/referral-codes/${encodeURIComponent(body.code)}`);
    return this.orders.activeReferralCode(body.code).then((found) => ({ code: body.code.toUpperCase(), ...found }));
  }

  @Delete('admin/referral-codes/:code')
  @RequirePermission('referrals:manage')
  async deactivateReferralCode(@Param('code', new ZodValidationPipe(z.string().trim().min(1).max(40))) code: string, @Context() context: CommandContext) {
    const { position } = await this.commands.execute(new DeactivateReferralCode(code, context));
    await this.projections.readYourWrite(position, ['referral-codes'], `/api/referral-codes/${encodeURIComponent(code)}`);
    return { message: 'Referral code deactivated' };
  }
}
