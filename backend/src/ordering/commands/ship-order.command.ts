import { Command, CommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { decideOn, OneStreamHandler } from '../../shared/event-sourcing/one-stream-handler';
import { orderStream } from '../contract/order.events';
import { orderDecider } from '../domain/order.decider';

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

@CommandHandler(ShipOrder)
export class ShipOrderHandler extends OneStreamHandler<ShipOrder> {
  protected decision({ orderId, shipment }: ShipOrder) {
    return decideOn(orderStream(orderId), orderDecider, { kind: 'ship', ...shipment });
  }
}
