import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ChangeOrderHandler } from './commands/change-order.command';
import { CheckoutPricing } from './commands/checkout-pricing';
import { PlaceOrderHandler } from './commands/place-order.command';
import { CreateReferralCodeHandler, DeactivateReferralCodeHandler } from './commands/referral-code.commands';
import { OrderAdminController } from './http/order-admin.controller';
import { OrderingController } from './http/ordering.controller';
import { OrderQueries } from '../../../projections/ordering/order.queries';
import { StockReservationJanitor } from './stock-reservation-janitor';

@Module({
  imports: [CqrsModule],
  controllers: [OrderingController, OrderAdminController],
  providers: [CheckoutPricing, OrderQueries, PlaceOrderHandler, ChangeOrderHandler, CreateReferralCodeHandler, DeactivateReferralCodeHandler, StockReservationJanitor],
  exports: [OrderQueries],
})
export class OrderingModule {}
