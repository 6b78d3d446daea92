import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { OrderingModule } from '../ordering/ordering.module';
import { InitiateCryptoPaymentHandler } from './commands/initiate-crypto-payment.command';
import { SettlePaymentHandler } from './commands/settle-payment.command';
import { PaymentConfirmationPort } from './payment-confirmation.port';
import { PaymentsAdminController } from './http/payments-admin.controller';
import { PaymentsController } from './http/payments.controller';
import { PaymentQueries } from '../../../projections/payments/payment.queries';
import { CRYPTO_RATES, FixedCryptoRates } from './rates/crypto-rates.port';
import { loadWalletAddresses, WALLET_ADDRESSES } from './wallets';

@Module({
  imports: [CqrsModule, OrderingModule],
  controllers: [PaymentsController, PaymentsAdminController],
  providers: [
    PaymentQueries,
    PaymentConfirmationPort,
    InitiateCryptoPaymentHandler,
    SettlePaymentHandler,
    { provide: CRYPTO_RATES, useClass: FixedCryptoRates },
    { provide: WALLET_ADDRESSES, useFactory: () => loadWalletAddresses() },
  ],
  exports: [PaymentConfirmationPort],
})
export class PaymentsModule {}
