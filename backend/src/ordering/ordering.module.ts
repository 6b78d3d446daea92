import { BuyerIdentity } from './http/buyer-identity';
import { OrdersProjector } from '../../../projections/ordering/orders.projector';
import { OrderTimelineProjector } from '../../../projections/ordering/order-timeline.projector';
import { ReferralCodesProjector } from '../../../projections/ordering/referral-codes.projector';
import { OpenProcessesProjector } from '../../../projections/ordering/open-processes.projector';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PaymentQueries } from '../../../projections/payments/payment.queries';
import { OpenProcessQueries } from '../../../projections/ordering/open-process.queries';
import { DashboardQueries } from '../../../projections/ordering/dashboard.queries';
import { OrderQueries } from '../../../projections/ordering/order.queries';
import { CancelOrderHandler } from './commands/cancel-order.command';
import { RefundOrderHandler } from './commands/refund-order.command';
import { DecideOrderReturnHandler, RequestOrderReturnHandler } from './commands/order-return.command';
import { TaxInvoicePdfHandler } from './commands/tax-invoice.query';
import { ChangeOrderStatusHandler } from './commands/change-order-status.command';
import { ClaimGuestOrdersHandler } from './commands/claim-guest-orders.command';
import { CheckoutPricing } from './commands/checkout-pricing';
import { ConfirmOrderPaymentHandler } from './commands/confirm-order-payment.command';
import { CreateReferralCodeHandler } from './commands/create-referral-code.command';
import { DeactivateReferralCodeHandler } from './commands/deactivate-referral-code.command';
import { ExpireOrderHandler } from './commands/expire-order.command';
import { ExtendPaymentWindowHandler } from './commands/extend-payment-window.command';
import { OrderForPaymentHandler } from './commands/order-for-payment.query';
import { PlaceOrderHandler } from './commands/place-order.command';
import { RecordFailedOrderPaymentHandler } from './commands/record-failed-order-payment.command';
import { ShipOrderHandler } from './commands/ship-order.command';
import { BuyerVerificationStandingOf } from './commands/buyer-verification-standing';
import { OrderAdminController } from './http/order-admin.controller';
import { OrderingController } from './http/ordering.controller';
import { BuyerHolds } from './processes/buyer-holds';
import { OrderPlacement } from './processes/order-placement.process';
import { PaymentReversal } from './processes/payment-reversal.process';
import { OrderSupervisor } from './processes/order-supervisor';
import { StockReturn } from './processes/stock-return.process';

@Module({
  imports: [CqrsModule],
  controllers: [OrderingController, OrderAdminController],
  providers: [OrdersProjector, OrderTimelineProjector, ReferralCodesProjector, OpenProcessesProjector, 
    CheckoutPricing,
    BuyerIdentity,
    OrderQueries,
    DashboardQueries,
    OpenProcessQueries,
    PaymentQueries,
    PlaceOrderHandler,
    CancelOrderHandler,
    RefundOrderHandler,
    RequestOrderReturnHandler,
    DecideOrderReturnHandler,
    TaxInvoicePdfHandler,
    ExpireOrderHandler,
    ExtendPaymentWindowHandler,
    ChangeOrderStatusHandler,
    ShipOrderHandler,
    BuyerVerificationStandingOf,
    ClaimGuestOrdersHandler,
    ConfirmOrderPaymentHandler,
    RecordFailedOrderPaymentHandler,
    OrderForPaymentHandler,
    CreateReferralCodeHandler,
    DeactivateReferralCodeHandler,
    BuyerHolds,
    OrderPlacement,
    StockReturn,
    PaymentReversal,
    OrderSupervisor,
  ],
  exports: [OrderSupervisor],
})
export class OrderingModule {}
