import { FavoritesProjector } from '../../../projections/customers/favorites.projector';
import { PurchasesProjector } from '../../../projections/customers/purchases.projector';
import { SupportCasesProjector } from '../../../projections/customers/support-cases.projector';
import { VerificationsProjector } from '../../../projections/customers/verifications.projector';
import { VerificationQueries } from '../../../projections/customers/verifications.queries';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CatalogueQueries } from '../../../projections/catalogue/catalogue.queries';
import { CustomerQueries } from '../../../projections/customers/customer.queries';
import { SupportCaseQueries } from '../../../projections/customers/support-cases.queries';
import { OrderQueries } from '../../../projections/ordering/order.queries';
import { CloseSupportCaseHandler } from './commands/close-support-case.command';
import { OpenSupportCaseHandler } from './commands/open-support-case.command';
import { ReplyToSupportCaseHandler } from './commands/reply-to-support-case.command';
import { SupportCasesController } from './http/support-cases.controller';
import { AddFavoriteHandler } from './commands/add-favorite.command';
import { RemoveFavoriteHandler } from './commands/remove-favorite.command';
import { CustomerAccountController } from './http/customer-account.controller';
import { ChangeAddressBookHandler, SavedAddressesHandler } from './commands/address-book.command';
import { BuyerVerificationHandler } from './commands/buyer-verification.query';
import { DecideVerificationHandler } from './commands/decide-verification.command';
import { SubmitVerificationHandler } from './commands/submit-verification.command';
import { VerificationsController } from './http/verifications.controller';

/** The signed-in customer's side of the shop (issue 10): favorites, recommendations, support cases and institution verification. */
@Module({
  imports: [CqrsModule],
  controllers: [CustomerAccountController, SupportCasesController, VerificationsController],
  providers: [FavoritesProjector, PurchasesProjector, SupportCasesProjector, CatalogueQueries, CustomerQueries, AddFavoriteHandler, RemoveFavoriteHandler, SupportCaseQueries, OrderQueries, OpenSupportCaseHandler, ReplyToSupportCaseHandler, CloseSupportCaseHandler, ChangeAddressBookHandler, SavedAddressesHandler, VerificationsProjector, VerificationQueries, SubmitVerificationHandler, DecideVerificationHandler, BuyerVerificationHandler],
})
export class CustomersModule {}
