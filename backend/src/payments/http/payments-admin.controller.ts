import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { idParamSchema } from '../../catalogue/http/catalogue.controller';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { AdminGuard } from '../../shared/http/guards';
import { Context, CurrentUser } from '../../shared/http/request-context';
import { SessionUser } from '../../identity/contract/session-user';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { PaymentConfirmationPort } from '../payment-confirmation.port';
import { PaymentQueries } from '../../../../projections/payments/payment.queries';

const confirmSchema = z.object({
  transactionHash: z.string({ message: 'transactionHash is required' }).trim().regex(/^[A-Za-z0-9_-]{8,128}$/, 'transactionHash must be 8 to 128 letters, digits, - or _'),
});
const failSchema = z.object({ reason: z.string({ message: 'reason is required' }).trim().min(1, 'reason is required').max(500) });

@Controller('api/admin/payments')
@UseGuards(AdminGuard)
export class PaymentsAdminController {
  constructor(
    private readonly confirmation: PaymentConfirmationPort,
    private readonly payments: PaymentQueries,
    private readonly projections: ProjectionRunner,
  ) {}

  @Get()
  list() {
    return this.payments.list();
  }

  @Post(':id/confirm')
  @HttpCode(200)
  async confirm(
    @Param('id', new ZodValidationPipe(idParamSchema('Payment'))) paymentId: number,
    @Body(new ZodValidationPipe(confirmSchema)) body: z.infer<typeof confirmSchema>,
    @CurrentUser() admin: SessionUser,
    @Context() context: CommandContext,
  ) {
    const { position } = await this.confirmation.confirm(paymentId, body.transactionHash, `admin:${admin.email}`, context);
    await this.projections.waitFor(position);
    return this.payments.byId(paymentId);
  }

  @Post(':id/fail')
  @HttpCode(200)
  async fail(
    @Param('id', new ZodValidationPipe(idParamSchema('Payment'))) paymentId: number,
    @Body(new ZodValidationPipe(failSchema)) body: z.infer<typeof failSchema>,
    @CurrentUser() admin: SessionUser,
    @Context() context: CommandContext,
  ) {
    const { position } = await this.confirmation.fail(paymentId, body.reason, `admin:${admin.email}`, context);
    await this.projections.waitFor(position);
    return this.payments.byId(paymentId);
  }
}
