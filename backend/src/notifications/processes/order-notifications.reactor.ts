import { Inject, Injectable } from '@nestjs/common';
import { NOTIFIER, Notifier } from '../mail/notifier.port';
import { orderPlacedEmail, orderShippedEmail } from '../domain/order-emails';
import { OrderEvent, OrderPlaced, orderStream } from '../../ordering/contract/order.events';
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

  async apply(recorded: RecordedEvent): Promise<void> {
    if (!recorded.streamId.startsWith('order-')) return;
    const event = recorded as unknown as OrderEvent;
    if (event.type === 'OrderPlaced') {
      await this.notifier.send({ id: recorded.id, to: event.data.customerEmail, ...orderPlacedEmail(event.data) });
    } else if (event.type === 'OrderShipped') {
      const placed = (await this.eventStore.readStream(orderStream(event.data.orderId)))[0] as unknown as OrderPlaced;
      await this.notifier.send({ id: recorded.id, to: placed.data.customerEmail, ...orderShippedEmail(event.data.orderId, event.data, placed.data.shippingAddress.firstName) });
    }
  }
}
