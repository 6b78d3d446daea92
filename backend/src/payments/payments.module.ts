import { PaymentsProjector } from '../../../projections/payments/payments.projector';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PaymentQueries } from '../../../projections/payments/payment.queries';
import { OpenProcessQueries } from '../../../projections/ordering/open-process.queries';
import { OrderQueries } from '../../../projections/ordering/order.queries';
import { CHAIN_WATCHERS } from './chain/chain-watcher.port';
import { chainWatchers } from './chain/chain-watchers';
import { ConfirmPaymentHandler } from './commands/confirm-payment.command';
import { NotePaymentRefundHandler } from './commands/note-payment-refund.command';
import { ObservePaymentTransfersHandler } from './commands/observe-payment-transfers.command';
import { SettleByAdminDecisionHandler } from './commands/settle-by-admin-decision.command';
import { FailPaymentHandler } from './commands/fail-payment.command';
import { InitiateCryptoPaymentHandler } from './commands/initiate-crypto-payment.command';
import { PaymentsAdminController } from './http/payments-admin.controller';
import { PaymentsController } from './http/payments.controller';
import { PaymentPresenter } from './http/payment-presenter';
import { ChainWatch } from './processes/chain-watch.process';
import { paymentsClockProvider } from './payments-clock';
import { SettlementSupervisor } from './processes/settlement-supervisor';
import { Settlement } from './processes/settlement.process';
import { PAYMENTS_CONFIG, PaymentsConfig } from './payments-config';
import { APP_CONFIG, AppConfig } from '../config';
import { CRYPTO_RATES, FixedCryptoRates } from './rates/crypto-rates.port';
import { LiveCryptoRates } from './rates/live-crypto-rates';
import { ReceivingAddresses } from './receiving-addresses';
import { WALLET_ADDRESSES } from './wallets';

@Module({
  imports: [CqrsModule],
  controllers: [PaymentsController, PaymentsAdminController],
  providers: [PaymentsProjector, 
    PaymentQueries,
    OrderQueries,
    OpenProcessQueries,
    InitiateCryptoPaymentHandler,
    ConfirmPaymentHandler,
    FailPaymentHandler,
    ObservePaymentTransfersHandler,
    SettleByAdminDecisionHandler,
    NotePaymentRefundHandler,
    PaymentPresenter,
    ChainWatch,
    paymentsClockProvider,
    Settlement,
    SettlementSupervisor,
    ReceivingAddresses,
    { provide: PAYMENTS_CONFIG, useFactory: (config: AppConfig) => config.payments, inject: [APP_CONFIG] },
    { provide: CRYPTO_RATES, useFactory: (config: PaymentsConfig) => (config.rates ? new LiveCryptoRates(config.rates) : new FixedCryptoRates()), inject: [PAYMENTS_CONFIG] },
    { provide: WALLET_ADDRESSES, useFactory: (config: AppConfig) => config.wallets, inject: [APP_CONFIG] },
    { provide: CHAIN_WATCHERS, useFactory: (config: PaymentsConfig) => chainWatchers(config), inject: [PAYMENTS_CONFIG] },
  ],
  exports: [SettlementSupervisor],
})
export class PaymentsModule {}
