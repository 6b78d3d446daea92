import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { CommandBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { DashboardQueries } from '../../../../projections/ordering/dashboard.queries';
import { OrderQueries } from '../../../../projections/ordering/order.queries';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { AdminGuard } from '../../shared/http/guards';
import { idParamSchema } from '../../shared/http/id-param';
import { Context } from '../../shared/http/request-context';
import { pageHeaders } from '../../shared/http/paged-response';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { CancelOrder } from '../commands/cancel-order.command';
import { RefundOrder } from '../commands/refund-order.command';
import { ChangeOrderStatus } from '../commands/change-order-status.command';
import { CreateReferralCode } from '../commands/create-referral-code.command';
import { DeactivateReferralCode } from '../commands/deactivate-referral-code.command';
import { ShipOrder } from '../commands/ship-order.command';
import { HeldStockView, OrderCountsView } from '../contract/order.views';
import { ConflictError } from '../../shared/errors';
import { orderListSchema as listSchema, orderStatusSchema as statusSchema, referralCodeSchema as referralSchema, RefundInput, refundSchema, shippingSchema } from '../contract/back-office-input';

/** The orders read models an order answer reads. */
const ORDER_READ_MODELS = ['orders'];
/** The cancellation reason of an order whose held stock staff released (the customer reads it). */
export const RELEASED_BY_STAFF = 'Cancelled unpaid: the stock it held was released for other customers';

/** Back-office order management (checkout spec §7, Admin). */
@Controller('api')
@UseGuards(AdminGuard)
export class OrderAdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly orders: OrderQueries,
    private readonly dashboards: DashboardQueries,
    private readonly projections: ProjectionRunner,
  ) {}

  @Get('admin/dashboard')
  dashboard() {
    return this.dashboards.dashboard();
  }

  /** The spec's array of orders: one page of it, newest first (the first page without paging parameters), with how many match in X-Total-Count. */
  @Get('admin/orders')
  adminOrders(@Query(new ZodValidationPipe(listSchema)) query: z.infer<typeof listSchema>, @Res({ passthrough: true }) response: Response) {
    return this.ordersPage(query, response);
  }

  /** How many orders there are in all and in each status (the Orders tab's status tabs): figures the projector keeps. */
  @Get('admin/orders/counts')
  orderCounts(): Promise<OrderCountsView> {
    return this.orders.counts();
  }

  @Get('orders')
  ordersTab(@Query(new ZodValidationPipe(listSchema)) query: z.infer<typeof listSchema>, @Res({ passthrough: true }) response: Response) {
    return this.ordersPage(query, response);
  }

  private async ordersPage({ page, pageSize, ...search }: z.infer<typeof listSchema>, response: Response) {
    return pageHeaders(response, await this.orders.page(search, { page, pageSize }));
  }

  /** Cancelled returns the order's stock (the cancellation process); every other status is a plain change. */
  @Put('orders/:id/status')
  async changeStatus(
    @Param('id', new ZodValidationPipe(idParamSchema('Order'))) orderId: number,
    @Body(new ZodValidationPipe(statusSchema)) { status }: z.infer<typeof statusSchema>,
    @Context() context: CommandContext,
  ) {
    const { position } = await this.commands.execute(
      status === 'cancelled' ? new CancelOrder(orderId, 'Cancelled by an administrator', context) : new ChangeOrderStatus(orderId, status, context),
    );
    await this.projections.readYourWrite(position, ORDER_READ_MODELS, `/api/orders/${orderId}`);
    return this.orders.byId(orderId);
  }

  /** Stock held by orders not paid yet, per product: what a buyer who never pays keeps from the others. */
  @Get('admin/stock/held')
  heldStock(): Promise<HeldStockView> {
    return this.orders.heldStock();
  }

  /** Gives an unpaid order's stock back by cancelling the order (its customer is told); a paid order's stock is sold, not held. */
  @Post('admin/orders/:id/release')
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
  async refund(
    @Param('id', new ZodValidationPipe(idParamSchema('Order'))) orderId: number,
    @Body(new ZodValidationPipe(refundSchema)) body: RefundInput,
    @Context() context: CommandContext,
  ) {
    const { position } = await this.commands.execute(new RefundOrder(orderId, body, context));
    await this.projections.readYourWrite(position, ORDER_READ_MODELS, `/api/admin/orders/${orderId}/refunds`);
    return this.orders.byId(orderId);
  }

  @Put('orders/:id/shipping')
  async ship(
    @Param('id', new ZodValidationPipe(idParamSchema('Order'))) orderId: number,
    @Body(new ZodValidationPipe(shippingSchema)) body: z.infer<typeof shippingSchema>,
    @Context() context: CommandContext,
  ) {
    const shipment = { trackingNumber: body.trackingNumber, carrier: body.shippingCarrier, adminNotes: body.adminNotes };
    const { position } = await this.commands.execute(new ShipOrder(orderId, shipment, context));
    await this.projections.readYourWrite(position, ORDER_READ_MODELS, `/api/orders/${orderId}`);
    return this.orders.byId(orderId);
  }

  @Get('admin/referral-codes')
  referralCodes() {
    return this.orders.referralCodes();
  }

  @Post('admin/referral-codes')
  async createReferralCode(@Body(new ZodValidationPipe(referralSchema)) body: z.infer<typeof referralSchema>, @Context() context: CommandContext) {
    const { position } = await this.commands.execute(new CreateReferralCode(body.code, body.discountPercentage, context));
    await this.projections.readYourWrite(position, ['referral-codes'], `/api/referral-codes/${encodeURIComponent(body.code)}`);
    return this.orders.activeReferralCode(body.code).then((found) => ({ code: body.code.toUpperCase(), ...found }));
  }

  @Delete('admin/referral-codes/:code')
  async deactivateReferralCode(@Param('code', new ZodValidationPipe(z.string().trim().min(1).max(40))) code: string, @Context() context: CommandContext) {
    const { position } = await this.commands.execute(new DeactivateReferralCode(code, context));
    await this.projections.readYourWrite(position, ['referral-codes'], `/api/referral-codes/${encodeURIComponent(code)}`);
    return { message: 'Referral code deactivated' };
  }
}
