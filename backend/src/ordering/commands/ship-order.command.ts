import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
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
export class ShipOrderHandler implements ICommandHandler<ShipOrder> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ orderId, shipment, context }: ShipOrder) {
    const { position } = await this.streams.execute(orderStream(orderId), orderDecider, { kind: 'ship', ...shipment }, context);
    return { position };
  }
}
