import { Inject, Injectable } from '@nestjs/common';
import { NOTIFIER, Notifier } from '../mail/notifier.port';
import { orderPlacedEmail, orderShippedEmail } from '../domain/order-emails';
import { OrderDetails, orderStream, upcastOrderEvent } from '../../ordering/contract/order.events';
import { EVENT_STORE, EventStore, RecordedEvent } from '../../storage/event-store/event-store.port';
import { Projector } from '../../../../projections/runner/projector';

/**
 * Tells customers about their orders: order placed and order shipped. Runs from its own
 * checkpoint like a projector, owns no read model, and keys each mail by the event's id.
 */
@Injectable()
export class OrderNotificationsReactor implements Projector {
  readonly name = 'order-notifications';
  readonly collections = [] as const;
  readonly reactsOnly = true;

  constructor(
    @Inject(NOTIFIER) private readonly notifier: Notifier,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async prepare(): Promise<void> {}

  canHandle(event: RecordedEvent): boolean {
    return event.streamId.startsWith('order-');
  }

  async apply(recorded: RecordedEvent): Promise<void> {
    const event = upcastOrderEvent(recorded);
    if (event.type === 'OrderPlaced') {
      await this.notifier.send({ id: recorded.id, to: event.data.customerEmail, ...orderPlacedEmail(event.data) });
    } else if (event.type === 'OrderShipped') {
      // The order's first event (OrderSubmitted, or OrderPlaced before placement was a process) carries its details.
      const [first] = await this.eventStore.readStream(orderStream(event.data.orderId));
      const details = first.data as OrderDetails;
      await this.notifier.send({ id: recorded.id, to: details.customerEmail, ...orderShippedEmail(event.data.orderId, event.data, details.shippingAddress.firstName) });
    }
  }
}
