import { Inject, Injectable } from '@nestjs/common';
import { ProductEvent } from '../../backend/src/catalogue/contract/catalogue.events';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { applyOnce, insertOnce, Projector } from '../runner/projector';

export const STOCK_RESERVATIONS_COLLECTION = 'stock_reservations';

export type StockReservationDocument = Document & { productId: number; orderId: number; quantity: number; reservedAt: string; released: boolean };

/** Stock held per order and product: lets the janitor find holds whose order never came to be. */
@Injectable()
export class StockReservationsProjector implements Projector {
  readonly name = 'stock-reservations';
  readonly collections = [STOCK_RESERVATIONS_COLLECTION] as const;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async prepare(): Promise<void> {}

  async apply(recorded: RecordedEvent): Promise<void> {
    if (!recorded.streamId.startsWith('product-')) return;
    const event = recorded as unknown as ProductEvent;
    const reservations = this.readStore.collection<StockReservationDocument>(STOCK_RESERVATIONS_COLLECTION);
    if (event.type === 'StockReserved') {
      const { productId, orderId, quantity } = event.data;
      await insertOnce(reservations, { _id: `${orderId}-${productId}`, productId, orderId, quantity, reservedAt: recorded.metadata.occurredAt, released: false }, recorded);
    } else if (event.type === 'StockReleased') {
      await applyOnce(reservations, { _id: `${event.data.orderId}-${event.data.productId}` }, recorded, { $set: { released: true } });
    }
  }
}
