import { Inject, Injectable } from '@nestjs/common';
import { ConflictError, InvalidInputError } from '../../shared/errors';
import { EVENT_STORE, EventStore } from '../../storage/event-store/event-store.port';
import { READ_STORE, ReadStore } from '../../storage/read-store/read-store.port';
import { PRODUCTS_COLLECTION, ProductDocument } from '../../../../projections/catalogue/catalogue.projector';
import { categoryStream } from '../contract/catalogue.events';

/** Cross-stream checks a product command needs before it is decided. */
@Injectable()
export class CatalogueGuards {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async assertCategoryExists(categoryId: number | null): Promise<void> {
    if (categoryId === null) return;
    const events = await this.eventStore.readStream(categoryStream(categoryId));
    if (events.length === 0) throw new InvalidInputError(`Category ${categoryId} does not exist`);
  }

  async assertSkuFree(sku: string, productId: number | null): Promise<void> {
    const holder = await this.readStore.collection<ProductDocument>(PRODUCTS_COLLECTION).findOne({ sku });
    if (holder && holder.id !== productId) throw new ConflictError(`A product with SKU ${sku} already exists`);
  }
}
