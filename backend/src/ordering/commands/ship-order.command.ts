import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { orderStream } from '../contract/order.events';
import { orderDecider } from '../domain/order.decider';
import { BuyerVerificationStandingOf } from './buyer-verification-standing';

/** Marks the order shipped with its tracking number and carrier; the customer is e-mailed (order notifications). */
export class ShipOrder extends Command<{ position: number | null }> {
  constructor(
    readonly orderId: number,
    readonly shipment: { trackingNumber: string; carrier: string; adminNotes: string | null },
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** 409 while the buyer's institution is not verified (VERIFY_BEFORE_SHIPPING). */
@CommandHandler(ShipOrder)
export class ShipOrderHandler implements ICommandHandler<ShipOrder> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly verification: BuyerVerificationStandingOf,
  ) {}

  async execute({ orderId, shipment, context }: ShipOrder) {
    const buyerVerification = await this.verification.order(orderId);
    const { position } = await this.streams.execute(orderStream(orderId), orderDecider, { kind: 'ship', ...shipment, buyerVerification }, context);
    return { position };
  }
}
