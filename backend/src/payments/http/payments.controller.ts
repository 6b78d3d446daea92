import { Body, Controller, Get, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { z } from 'zod';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { idParamSchema } from '../../shared/http/id-param';
import { assertMayAccessOrder } from '../../shared/http/order-access';
import { OrderQueries } from '../../../../projections/ordering/order.queries';
import { CRYPTO_PAYMENT_METHOD_IDS } from '../../ordering/contract/checkout-rules';
import { commandContextOf } from '../../shared/http/request-context';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { InitiateCryptoPayment } from '../commands/initiate-crypto-payment.command';
import { PaymentQueries } from '../../../../projections/payments/payment.queries';
import { WALLET_ADDRESSES, WalletAddresses } from '../wallets';
import { PaymentPresenter } from './payment-presenter';

/** The storefront's payload (checkout spec §7); amount, address and crypto amount are the server's to decide and are ignored. */
const initiateSchema = z.object({
  orderId: z.number({ message: 'orderId must be a number' }).int().positive(),
  paymentMethod: z.enum(CRYPTO_PAYMENT_METHOD_IDS, { message: `paymentMethod must be one of ${CRYPTO_PAYMENT_METHOD_IDS.join(', ')}` }),
  amount: z.unknown().optional(),
  walletAddress: z.unknown().optional(),
  cryptoAmount: z.unknown().optional(),
});

@Controller('api')
export class PaymentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly payments: PaymentQueries,
    private readonly presenter: PaymentPresenter,
    private readonly orders: OrderQueries,
    private readonly projections: ProjectionRunner,
    @Inject(WALLET_ADDRESSES) private readonly wallets: WalletAddresses,
  ) {}

  @Get('wallet-addresses')
  walletAddresses() {
    return this.wallets;
  }

  @Post('payments/crypto')
  async initiate(@Body(new ZodValidationPipe(initiateSchema)) body: z.infer<typeof initiateSchema>, @Req() request: Request) {
    assertMayAccessOrder(request, await this.orders.byId(body.orderId), 'payments:decide');
    const { paymentId, position } = await this.commands.execute(new InitiateCryptoPayment(body.orderId, body.paymentMethod, commandContextOf(request)));
    await this.projections.readYourWrite(position, ['payments'], `/api/payments/${paymentId}/status`);
    return this.presenter.present(await this.payments.byId(paymentId));
  }

  /** What the payment page polls: the outcome (`status`) and what the chain shows (`settlement`: detected, n of N confirmations, underpaid with the rest due, …). */
  @Get('payments/:id/status')
  async status(@Param('id', new ZodValidationPipe(idParamSchema('Payment'))) paymentId: number, @Req() request: Request) {
    const payment = await this.payments.byId(paymentId);
    assertMayAccessOrder(request, await this.orders.byId(payment.orderId), 'payments:read');
    return this.presenter.present(payment);
  }
}
