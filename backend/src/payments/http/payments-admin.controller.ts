import { Body, Controller, Get, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { idParamSchema } from '../../shared/http/id-param';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { AdminGuard } from '../../shared/http/guards';
import { Context, CurrentUser } from '../../shared/http/request-context';
import { SessionUser } from '../../identity/contract/session-user';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { ConfirmPayment } from '../commands/confirm-payment.command';
import { FailPayment } from '../commands/fail-payment.command';
import { confirmPaymentSchema as confirmSchema, failPaymentSchema as failSchema } from '../contract/payment-input';
import { PaymentQueries } from '../../../../projections/payments/payment.queries';
import { PaymentsSettingsView } from '../contract/payment.views';
import { describePaymentsSettings, PAYMENTS_CONFIG, PaymentsConfig } from '../payments-config';

@Controller('api/admin/payments')
@UseGuards(AdminGuard)
export class PaymentsAdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly payments: PaymentQueries,
    private readonly projections: ProjectionRunner,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  @Get()
  list() {
    return this.payments.list();
  }

  /** Derived or fixed addresses, live or fixed rates: what the Payments tab tells the admin about how payments are taken. */
  @Get('settings')
  settings(): PaymentsSettingsView {
    return describePaymentsSettings(this.config);
  }

  @Post(':id/confirm')
  @HttpCode(200)
  async confirm(
    @Param('id', new ZodValidationPipe(idParamSchema('Payment'))) paymentId: number,
    @Body(new ZodValidationPipe(confirmSchema)) body: z.infer<typeof confirmSchema>,
    @CurrentUser() admin: SessionUser,
    @Context() context: CommandContext,
  ) {
    const { position } = await this.commands.execute(new ConfirmPayment(paymentId, body.transactionHash, `admin:${admin.email}`, context));
    await this.projections.readYourWrite(position, ['payments', 'orders'], `/api/payments/${paymentId}/status`);
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
    const { position } = await this.commands.execute(new FailPayment(paymentId, body.reason, `admin:${admin.email}`, context));
    await this.projections.readYourWrite(position, ['payments', 'orders'], `/api/payments/${paymentId}/status`);
    return this.payments.byId(paymentId);
  }
}
