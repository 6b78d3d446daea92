import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PaymentQueries } from '../../../projections/payments/payment.queries';
import { OpenProcessQueries } from '../../../projections/ordering/open-process.queries';
import { OrderQueries } from '../../../projections/ordering/order.queries';
import { ConfirmPaymentHandler } from './commands/confirm-payment.command';
import { FailPaymentHandler } from './commands/fail-payment.command';
import { InitiateCryptoPaymentHandler } from './commands/initiate-crypto-payment.command';
import { PaymentsAdminController } from './http/payments-admin.controller';
import { PaymentsController } from './http/payments.controller';
import { SettlementSupervisor } from './processes/settlement-supervisor';
import { SettlementTurns } from './processes/settlement-turns';
import { loadPaymentsConfig, PAYMENTS_CONFIG, PaymentsConfig } from './payments-config';
import { CRYPTO_RATES, FixedCryptoRates } from './rates/crypto-rates.port';
import { LiveCryptoRates } from './rates/live-crypto-rates';
import { ReceivingAddresses } from './receiving-addresses';
import { loadWalletAddresses, WALLET_ADDRESSES } from './wallets';

@Module({
  imports: [CqrsModule],
  controllers: [PaymentsController, PaymentsAdminController],
  providers: [
    PaymentQueries,
    OrderQueries,
    OpenProcessQueries,
    InitiateCryptoPaymentHandler,
    ConfirmPaymentHandler,
    FailPaymentHandler,
    SettlementTurns,
    SettlementSupervisor,
    ReceivingAddresses,
    { provide: PAYMENTS_CONFIG, useFactory: () => loadPaymentsConfig() },
    { provide: CRYPTO_RATES, useFactory: (config: PaymentsConfig) => (config.rates ? new LiveCryptoRates(config.rates) : new FixedCryptoRates()), inject: [PAYMENTS_CONFIG] },
    { provide: WALLET_ADDRESSES, useFactory: () => loadWalletAddresses() },
  ],
  exports: [SettlementSupervisor],
})
export class PaymentsModule {}
