import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { TaxInvoicePdf } from '../../ordering/commands/public';
import { BuyerVerificationQuery } from '../../customers/commands/public';
import { APP_CONFIG, AppConfig } from '../../config';
import { verificationNeededLines } from '../domain/verification-emails';
import { EmailMessage, NOTIFIER, Notifier } from '../mail/notifier.port';
import { EmailContent, orderCancelledEmail, orderPaidEmail, orderPlacedEmail, orderRefundedEmail, orderReturnEmail, orderShippedEmail } from '../domain/order-emails';
import { isNews } from '../domain/news';
import { OrderDetails, orderStream, upcastOrderEvent } from '../../ordering/contract/order.events';
import { CASH_ON_DELIVERY } from '../../ordering/contract/checkout-rules';
import { EVENT_STORE, EventStore, RecordedEvent } from '../../storage/event-store/event-store.port';
import { Projector, RunsOnTheLog } from '../../../../projections/runner/projector';

const RETURN_STEPS = ['OrderReturnRequested', 'OrderReturnAuthorized', 'OrderReturnRefused', 'OrderReturnReceived'];
const MAILED = ['OrderPlaced', 'OrderPaymentConfirmed', 'OrderShipped', 'OrderCancelled', 'OrderRefunded', ...RETURN_STEPS];

/**
 * Tells customers about their orders: placed, paid, shipped, refunded, each step of a return, cancelled (by them or by the shop; an order whose
 * payment window ended is not mailed). Runs from its own checkpoint like a
 * projector, owns no read model, and keys each mail by the event's id.
 */
@Injectable()
@RunsOnTheLog()
export class OrderNotificationsReactor implements Projector {
  readonly name = 'order-notifications';
  readonly collections = [] as const;
  readonly reactsOnly = true;

  private readonly logger = new Logger('OrderNotifications');

  constructor(
    @Inject(NOTIFIER) private readonly notifier: Notifier,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async prepare(): Promise<void> {}

  canHandle(event: RecordedEvent): boolean {
    return event.streamId.startsWith('order-') && MAILED.includes(event.type);
  }

  async apply(recorded: RecordedEvent): Promise<void> {
    if (!isNews(recorded.metadata.occurredAt)) return;
    const event = upcastOrderEvent(recorded);
    let mail: { to: string; attachments?: EmailMessage['attachments'] } & EmailContent;
    if (event.type === 'OrderPlaced') {
      // Paid orders learn what verification is missing in the paid mail; a cash-on-delivery one is paid only at the door.
      const missing = event.data.paymentMethod === CASH_ON_DELIVERY ? await this.verificationNeeded(event.data) : [];
      mail = { to: event.data.customerEmail, ...orderPlacedEmail(event.data, missing) };
    }
    else if (event.type === 'OrderPaymentConfirmed') {
      const order = await this.detailsOf(event.data.orderId);
      const missing = await this.verificationNeeded(order);
      mail = { to: order.customerEmail, ...orderPaidEmail(event.data, order, missing), attachments: await this.invoiceOf(event.data.orderId) };
    } else if (event.type === 'OrderShipped') {
      const order = await this.detailsOf(event.data.orderId);
      mail = { to: order.customerEmail, ...orderShippedEmail(event.data, order) };
    } else if (event.type === 'OrderCancelled') {
      const order = await this.detailsOf(event.data.orderId);
      mail = { to: order.customerEmail, ...orderCancelledEmail(event.data, order) };
    } else if (event.type === 'OrderRefunded') {
      const order = await this.detailsOf(event.data.orderId);
      mail = { to: order.customerEmail, ...orderRefundedEmail(event.data, order) };
    } else if (event.type === 'OrderReturnRequested' || event.type === 'OrderReturnAuthorized' || event.type === 'OrderReturnRefused' || event.type === 'OrderReturnReceived') {
      const order = await this.detailsOf(event.data.orderId);
      mail = { to: order.customerEmail, ...orderReturnEmail(event, order) };
    } else return;
    await this.notifier.send({ id: recorded.id, ...mail });
  }

  /** The paid mail's tax invoice (issue 22); a mail without it rather than none, should the PDF fail. */
  private async invoiceOf(orderId: number): Promise<EmailMessage['attachments']> {
    try {
      const { fileName, bytes } = await this.queries.execute(new TaxInvoicePdf(orderId));
      return [{ fileName, contentType: 'application/pdf', content: bytes }];
    } catch (error) {
      this.logger.warn(`The paid mail of order ${orderId} goes without its invoice: ${(error as Error).message}`);
      return [];
    }
  }

  /** What the buyer must still do before the order can ship (institution verification), told in the paid mail. */
  private async verificationNeeded(order: OrderDetails): Promise<string[]> {
    const { required, status } = await this.queries.execute(new BuyerVerificationQuery(order.customerId));
    return verificationNeededLines(required ? (status ?? 'none') : 'not-required', order.customerId === null, this.config.shopOrigin);
  }

  /** The order's first event (OrderSubmitted, or OrderPlaced before placement was a process) carries its details. */
  private async detailsOf(orderId: number): Promise<OrderDetails> {
    const [first] = await this.eventStore.readStream(orderStream(orderId));
    return first.data as OrderDetails;
  }
}
