import { Body, Controller, Delete, Get, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { idParamSchema } from '../../catalogue/http/catalogue.controller';
import { CARRIERS, ORDER_STATUSES } from '../contract/checkout-rules';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { AdminGuard } from '../../shared/http/guards';
import { Context } from '../../shared/http/request-context';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { ChangeOrderCommand } from '../commands/change-order.command';
import { CreateReferralCodeCommand, DeactivateReferralCodeCommand } from '../commands/referral-code.commands';
import { OrderQueries } from '../../../../projections/ordering/order.queries';

const statusSchema = z.object({ status: z.enum(ORDER_STATUSES, { message: `status must be one of ${ORDER_STATUSES.join(', ')}` }) });
const listSchema = z.object({ status: z.enum(ORDER_STATUSES).optional() });
const MISSING_SHIPPING = 'Missing Information: Please fill in tracking number and shipping carrier.';
const shippingSchema = z.object({
  trackingNumber: z.string({ message: MISSING_SHIPPING }).trim().min(1, MISSING_SHIPPING).max(100),
  shippingCarrier: z.enum(CARRIERS, { message: MISSING_SHIPPING }),
  adminNotes: z.string().trim().max(2000).nullish().transform((value) => value || null),
  status: z.literal('shipped').optional(),
});
const referralSchema = z
  .object({
    code: z.string().trim().regex(/^[A-Za-z0-9_-]{3,40}$/, 'A code has 3 to 40 letters, digits, - or _'),
    discountPercentage: z.number().int('discountPercentage must be a whole number').min(1).max(90),
  })
  .strict();

/** Back-office order management (checkout spec §7, Admin). */
@Controller('api')
@UseGuards(AdminGuard)
export class OrderAdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly orders: OrderQueries,
    private readonly projections: ProjectionRunner,
  ) {}

  @Get('admin/orders')
  adminOrders(@Query(new ZodValidationPipe(listSchema)) query: z.infer<typeof listSchema>) {
    return this.orders.list(query.status);
  }

  @Get('orders')
  ordersTab(@Query(new ZodValidationPipe(listSchema)) query: z.infer<typeof listSchema>) {
    return this.orders.list(query.status);
  }

  @Put('orders/:id/status')
  async changeStatus(
    @Param('id', new ZodValidationPipe(idParamSchema('Order'))) orderId: number,
    @Body(new ZodValidationPipe(statusSchema)) body: z.infer<typeof statusSchema>,
    @Context() context: CommandContext,
  ) {
    const { position } = await this.commands.execute(new ChangeOrderCommand(orderId, { kind: 'changeStatus', status: body.status, reason: 'Changed by an administrator' }, context));
    await this.projections.waitFor(position);
    return this.orders.byId(orderId);
  }

  @Put('orders/:id/shipping')
  async ship(
    @Param('id', new ZodValidationPipe(idParamSchema('Order'))) orderId: number,
    @Body(new ZodValidationPipe(shippingSchema)) body: z.infer<typeof shippingSchema>,
    @Context() context: CommandContext,
  ) {
    const change = { kind: 'ship' as const, trackingNumber: body.trackingNumber, carrier: body.shippingCarrier, adminNotes: body.adminNotes };
    const { position } = await this.commands.execute(new ChangeOrderCommand(orderId, change, context));
    await this.projections.waitFor(position);
    return this.orders.byId(orderId);
  }

  @Post('admin/referral-codes')
  async createReferralCode(@Body(new ZodValidationPipe(referralSchema)) body: z.infer<typeof referralSchema>, @Context() context: CommandContext) {
    const { position } = await this.commands.execute(new CreateReferralCodeCommand(body.code, body.discountPercentage, context));
    await this.projections.waitFor(position);
    return this.orders.activeReferralCode(body.code).then((found) => ({ code: body.code.toUpperCase(), ...found }));
  }

  @Delete('admin/referral-codes/:code')
  async deactivateReferralCode(@Param('code', new ZodValidationPipe(z.string().trim().min(1).max(40))) code: string, @Context() context: CommandContext) {
    const { position } = await this.commands.execute(new DeactivateReferralCodeCommand(code, context));
    await this.projections.waitFor(position);
    return { message: 'Referral code deactivated' };
  }
}
