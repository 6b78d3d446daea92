import { Inject, Injectable } from '@nestjs/common';
import { customerTimelineEntry, OrderTimelineEntryView } from '../../backend/src/ordering/contract/order-timeline';
import { upcastOrderStreamEvent } from '../../backend/src/ordering/contract/order.events';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { insertOnce, Projector, RunsOnTheLog } from '../runner/projector';

export const ORDER_TIMELINE_COLLECTION = 'order_timeline';

export type OrderTimelineDocument = Document & OrderTimelineEntryView & { orderId: number; position: number };

/** Each order's history as its customer reads it (the back office reads the audit log instead): one entry per event that means something to them. */
@Injectable()
@RunsOnTheLog()
export class OrderTimelineProjector implements Projector {
  readonly name = 'order-timeline';
  readonly collections = [ORDER_TIMELINE_COLLECTION] as const;
  /** 2: a placed order says what it is to be paid in, not that it was paid. */
  readonly version = 2;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async prepare(): Promise<void> {
    await this.readStore.collection(ORDER_TIMELINE_COLLECTION).createIndex({ orderId: 1, position: 1 });
  }

  canHandle(event: RecordedEvent): boolean {
    return event.streamId.startsWith('order-');
  }

  async apply(recorded: RecordedEvent): Promise<void> {
    const event = upcastOrderStreamEvent(recorded);
    const entry = customerTimelineEntry(event, recorded.metadata.occurredAt);
    if (!entry) return;
    await insertOnce(this.readStore.collection<OrderTimelineDocument>(ORDER_TIMELINE_COLLECTION), { _id: String(recorded.position), orderId: event.data.orderId, position: recorded.position, ...entry }, recorded);
  }
}
