import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';

/** The signed-in customer's side of the shop (issue 10): favorites, recommendations and support cases. */
@Module({
  imports: [CqrsModule],
  controllers: [],
  providers: [],
})
export class CustomersModule {}
