import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { idParamSchema } from '../../shared/http/id-param';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { AdminGuard } from '../../shared/http/guards';
import { Context, CurrentUser } from '../../shared/http/request-context';
import { SessionUser } from '../../identity/contract/session-user';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { CHAIN_WATCHERS, ChainWatcher } from '../chain/chain-watcher.port';
import { ConfirmPayment } from '../commands/confirm-payment.command';
import { FailPayment } from '../commands/fail-payment.command';
import { NotePaymentRefund } from '../commands/note-payment-refund.command';
import { SettleByAdminDecision } from '../commands/settle-by-admin-decision.command';
import {
  acceptUnderpaymentSchema,
  confirmPaymentSchema as confirmSchema,
  failPaymentSchema as failSchema,
  markPaidSchema,
  paymentListFilterSchema,
  refundNoteSchema,
} from '../contract/payment-input';
import { PaymentQueries } from '../../../../projections/payments/payment.queries';
import { PaymentsSettingsView, PaymentView } from '../contract/payment.views';
import { describePaymentsSettings, PAYMENTS_CONFIG, PaymentsConfig } from '../payments-config';
import { PaymentPresenter } from './payment-presenter';

const paymentId = new ZodValidationPipe(idParamSchema('Payment'));

@Controller('api/admin/payments')
@UseGuards(AdminGuard)
export class PaymentsAdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly payments: PaymentQueries,
    private readonly presenter: PaymentPresenter,
    private readonly projections: ProjectionRunner,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
    @Inject(CHAIN_WATCHERS) private readonly watchers: ChainWatcher[],
  ) {}

  /** Every payment, newest first; `?settlement=underpaid|overpaid|late|…` keeps those in that state. */
  @Get()
  async list(@Query(new ZodValidationPipe(paymentListFilterSchema)) filter: z.infer<typeof paymentListFilterSchema>): Promise<PaymentView[]> {
    return (await this.payments.list(filter.settlement)).map((payment) => this.presenter.present(payment));
  }

  /** Derived or fixed addresses, live or fixed rates, watched or manual confirmation: what the Payments tab tells the admin about how payments are taken. */
  @Get('settings')
  settings(): PaymentsSettingsView {
    return describePaymentsSettings(this.config, this.watchers.map((watcher) => watcher.network));
  }

  @Post(':id/confirm')
  @HttpCode(200)
  async confirm(@Param('id', paymentId) id: number, @Body(new ZodValidationPipe(confirmSchema)) body: z.infer<typeof confirmSchema>, @CurrentUser() admin: SessionUser, @Context() context: CommandContext) {
    const { position } = await this.commands.execute(new ConfirmPayment(id, body.transactionHash, `admin:${admin.email}`, context));
    return this.answer(id, position);
  }

  @Post(':id/fail')
  @HttpCode(200)
  async fail(@Param('id', paymentId) id: number, @Body(new ZodValidationPipe(failSchema)) body: z.infer<typeof failSchema>, @CurrentUser() admin: SessionUser, @Context() context: CommandContext) {
    const { position } = await this.commands.execute(new FailPayment(id, body.reason, `admin:${admin.email}`, context));
    return this.answer(id, position);
  }

  /** The rest of an underpaid payment is waived: the payment is confirmed with what arrived and the order is paid. */
  @Post(':id/accept-underpayment')
  @HttpCode(200)
  async acceptUnderpayment(
    @Param('id', paymentId) id: number,
    @Body(new ZodValidationPipe(acceptUnderpaymentSchema)) body: z.infer<typeof acceptUnderpaymentSchema>,
    @CurrentUser() admin: SessionUser,
    @Context() context: CommandContext,
  ) {
    const { position } = await this.commands.execute(new SettleByAdminDecision(id, { kind: 'acceptUnderpayment', note: body.note }, `admin:${admin.email}`, context));
    return this.answer(id, position);
  }

  /** Paid for a stated reason (e.g. late, or checked by hand): confirmed with the transaction given, or the last one the chain showed. */
  @Post(':id/mark-paid')
  @HttpCode(200)
  async markPaid(@Param('id', paymentId) id: number, @Body(new ZodValidationPipe(markPaidSchema)) body: z.infer<typeof markPaidSchema>, @CurrentUser() admin: SessionUser, @Context() context: CommandContext) {
    const decision = { kind: 'markPaid' as const, reason: body.reason, transactionHash: body.transactionHash ?? null };
    const { position } = await this.commands.execute(new SettleByAdminDecision(id, decision, `admin:${admin.email}`, context));
    return this.answer(id, position);
  }

  @Post(':id/refund-note')
  @HttpCode(200)
  async noteRefund(@Param('id', paymentId) id: number, @Body(new ZodValidationPipe(refundNoteSchema)) body: z.infer<typeof refundNoteSchema>, @CurrentUser() admin: SessionUser, @Context() context: CommandContext) {
    const { position } = await this.commands.execute(new NotePaymentRefund(id, body.note, body.transactionHash ?? null, `admin:${admin.email}`, context));
    return this.answer(id, position);
  }

  private async answer(id: number, position: number | null): Promise<PaymentView> {
    await this.projections.readYourWrite(position, ['payments', 'orders'], `/api/payments/${id}/status`);
    return this.presenter.present(await this.payments.byId(id));
  }
}
