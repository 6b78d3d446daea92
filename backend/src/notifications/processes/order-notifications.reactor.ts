import { Inject, Injectable } from '@nestjs/common';
import { NOTIFIER, Notifier } from '../mail/notifier.port';
import { EmailContent, orderCancelledEmail, orderPaidEmail, orderPlacedEmail, orderRefundedEmail, orderShippedEmail } from '../domain/order-emails';
import { isNews } from '../domain/news';
import { OrderDetails, orderStream, upcastOrderEvent } from '../../ordering/contract/order.events';
import { EVENT_STORE, EventStore, RecordedEvent } from '../../storage/event-store/event-store.port';
import { Projector, RunsOnTheLog } from '../../../../projections/runner/projector';

const MAILED = ['OrderPlaced', 'OrderPaymentConfirmed', 'OrderShipped', 'OrderCancelled', 'OrderRefunded'];

/**
 * Tells customers about their orders: placed, paid, shipped, refunded, cancelled (by them or by the shop; an order whose
 * payment window ended is not mailed). Runs from its own checkpoint like a
 * projector, owns no read model, and keys each mail by the event's id.
 */
@Injectable()
@RunsOnTheLog()
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
    return event.streamId.startsWith('order-') && MAILED.includes(event.type);
  }

  async apply(recorded: RecordedEvent): Promise<void> {
    if (!isNews(recorded.metadata.occurredAt)) return;
    const event = upcastOrderEvent(recorded);
    let mail: { to: string } & EmailContent;
    if (event.type === 'OrderPlaced') mail = { to: event.data.customerEmail, ...orderPlacedEmail(event.data) };
    else if (event.type === 'OrderPaymentConfirmed') {
      const order = await this.detailsOf(event.data.orderId);
      mail = { to: order.customerEmail, ...orderPaidEmail(event.data, order) };
    } else if (event.type === 'OrderShipped') {
      const order = await this.detailsOf(event.data.orderId);
      mail = { to: order.customerEmail, ...orderShippedEmail(event.data, order) };
    } else if (event.type === 'OrderCancelled') {
      const order = await this.detailsOf(event.data.orderId);
      mail = { to: order.customerEmail, ...orderCancelledEmail(event.data, order) };
    } else if (event.type === 'OrderRefunded') {
      const order = await this.detailsOf(event.data.orderId);
      mail = { to: order.customerEmail, ...orderRefundedEmail(event.data, order) };
    } else return;
    await this.notifier.send({ id: recorded.id, ...mail });
  }

  /** The order's first event (OrderSubmitted, or OrderPlaced before placement was a process) carries its details. */
  private async detailsOf(orderId: number): Promise<OrderDetails> {
    const [first] = await this.eventStore.readStream(orderStream(orderId));
    return first.data as OrderDetails;
  }
}
