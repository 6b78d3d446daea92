import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { paymentMethodLabel } from '../../ordering/contract/checkout-rules';
import { pageHeaders } from '../../shared/http/paged-response';
import { streamCsv } from '../../shared/http/csv-stream';
import { CommandBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { idParamSchema } from '../../shared/http/id-param';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { RequirePermission } from '../../shared/http/guards';
import { Context, CurrentUser } from '../../shared/http/request-context';
import { SessionUser } from '../../identity/contract/session-user';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { CHAIN_WATCHERS, ChainWatcher } from '../chain/chain-watcher.port';
import { ConfirmPayment } from '../commands/confirm-payment.command';
import { FailPayment } from '../commands/fail-payment.command';
import { NotePaymentRefund } from '../commands/note-payment-refund.command';
import { OrderQueries } from '../../../../projections/ordering/order.queries';
import { SettleByAdminDecision } from '../commands/settle-by-admin-decision.command';
import {
  acceptUnderpaymentSchema,
  confirmPaymentSchema as confirmSchema,
  failPaymentSchema as failSchema,
  markPaidSchema,
  PAYMENT_EXPORT_COLUMNS,
  paymentFilterSchema,
  paymentListSchema,
  refundNoteSchema,
} from '../contract/payment-input';
import { PaymentQueries } from '../../../../projections/payments/payment.queries';
import { PaymentsSettingsView, PaymentView } from '../contract/payment.views';
import { describePaymentsSettings, PAYMENTS_CONFIG, PaymentsConfig } from '../payments-config';
import { PaymentPresenter } from './payment-presenter';

const paymentId = new ZodValidationPipe(idParamSchema('Payment'));
/** Payments read and written per step of an export. */
const EXPORT_BATCH = 500;

@Controller('api/admin/payments')
export class PaymentsAdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly payments: PaymentQueries,
    private readonly presenter: PaymentPresenter,
    private readonly projections: ProjectionRunner,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
    @Inject(CHAIN_WATCHERS) private readonly watchers: ChainWatcher[],
    private readonly orders: OrderQueries,
  ) {}

  /**
   * A page of payments, newest first (the first page without paging parameters), filtered by settlement
   * state (`underpaid`, `late`, …), method and search; how many match in X-Total-Count.
   */
  @Get()
  @RequirePermission('payments:read')
  async list(@Query(new ZodValidationPipe(paymentListSchema)) { page, pageSize, ...filter }: z.infer<typeof paymentListSchema>, @Res({ passthrough: true }) response: Response): Promise<PaymentView[]> {
    const found = await this.payments.page(filter, { page, pageSize });
    return pageHeaders(response, { ...found, items: found.items.map((payment) => this.presenter.present(payment)) });
  }

  /** Exactly the payments the filters keep, as CSV (checkout spec §5, Export), streamed a batch at a time whatever their number. */
  @Get('export')
  @RequirePermission('payments:read')
  async export(@Query(new ZodValidationPipe(paymentFilterSchema)) filter: z.infer<typeof paymentFilterSchema>, @Res() response: Response): Promise<void> {
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', 'attachment; filename="payments.csv"');
    await streamCsv(response, PAYMENT_EXPORT_COLUMNS, this.paymentRows(filter));
  }

  private async *paymentRows(filter: z.infer<typeof paymentFilterSchema>): AsyncGenerator<(string | number | null)[][]> {
    for await (const batch of this.payments.all(filter, EXPORT_BATCH)) {
      const refunds = await this.orders.refundsOf(batch.map((payment) => payment.orderId));
      // A refund belongs to the payment that paid the order.
      const refundedBy = (payment: { id: number; orderId: number }) => {
        const refund = refunds.get(payment.orderId);
        return refund && refund.paymentId === payment.id ? refund.refundedAmount : '0.00';
      };
      yield batch.map((payment) => [
        payment.id,
        payment.orderId,
        paymentMethodLabel(payment.paymentMethod),
        payment.amount,
        payment.cryptoAmount,
        payment.coin,
        payment.status,
        payment.failureReason,
        payment.blockchainTxHash ?? payment.transactionId,
        payment.walletAddress,
        payment.createdAt,
        refundedBy(payment),
      ]);
    }
  }

  /** Derived or fixed addresses, live or fixed rates, watched or manual confirmation: what the Payments tab tells the admin about how payments are taken. */
  @Get('settings')
  @RequirePermission('payments:read')
  settings(): PaymentsSettingsView {
    return describePaymentsSettings(this.config, this.watchers.map((watcher) => watcher.network));
  }

  /** One payment as the Payments tab shows it, for its own address in the back office (`/admin/payments/:id`). */
  @Get(':id')
  @RequirePermission('payments:read')
  async one(@Param('id', paymentId) id: number): Promise<PaymentView> {
    return this.presenter.present(await this.payments.byId(id));
  }

  @Post(':id/confirm')
  @RequirePermission('payments:decide')
  @HttpCode(200)
  async confirm(@Param('id', paymentId) id: number, @Body(new ZodValidationPipe(confirmSchema)) body: z.infer<typeof confirmSchema>, @CurrentUser() admin: SessionUser, @Context() context: CommandContext) {
    const { position } = await this.commands.execute(new ConfirmPayment(id, body.transactionHash, `admin:${admin.email}`, context));
    return this.answer(id, position);
  }

  @Post(':id/fail')
  @RequirePermission('payments:decide')
  @HttpCode(200)
  async fail(@Param('id', paymentId) id: number, @Body(new ZodValidationPipe(failSchema)) body: z.infer<typeof failSchema>, @CurrentUser() admin: SessionUser, @Context() context: CommandContext) {
    const { position } = await this.commands.execute(new FailPayment(id, body.reason, `admin:${admin.email}`, context));
    return this.answer(id, position);
  }

  /** The rest of an underpaid payment is waived: the payment is confirmed with what arrived and the order is paid. */
  @Post(':id/accept-underpayment')
  @RequirePermission('payments:decide')
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
  @RequirePermission('payments:decide')
  @HttpCode(200)
  async markPaid(@Param('id', paymentId) id: number, @Body(new ZodValidationPipe(markPaidSchema)) body: z.infer<typeof markPaidSchema>, @CurrentUser() admin: SessionUser, @Context() context: CommandContext) {
    const decision = { kind: 'markPaid' as const, reason: body.reason, transactionHash: body.transactionHash ?? null };
    const { position } = await this.commands.execute(new SettleByAdminDecision(id, decision, `admin:${admin.email}`, context));
    return this.answer(id, position);
  }

  @Post(':id/refund-note')
  @RequirePermission('payments:decide')
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
