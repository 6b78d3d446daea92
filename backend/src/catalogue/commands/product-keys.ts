import { Injectable } from '@nestjs/common';
import { InvalidInputError } from '../../shared/errors';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { UniqueKey } from '../../shared/event-sourcing/unique-keys';
import { categoryStream, productStream } from '../contract/catalogue.events';
import { productDecider } from '../domain/product.decider';
import { categoryDecider } from '../domain/category.decider';

/** SKUs compare without regard to case or surrounding spaces: `bpc-157` and `BPC-157` are one SKU. */
export const normaliseSku = (sku: string) => sku.trim().toUpperCase();

/** What a product command needs besides its own stream: its SKU as a unique key, and its category's existence. */
@Injectable()
export class ProductKeys {
  constructor(private readonly streams: StreamExecutor) {}

  sku(sku: string): UniqueKey {
    const key = normaliseSku(sku);
    return {
      streamId: `sku-${key}`,
      key,
      takenMessage: `A product with SKU ${sku.trim()} already exists`,
      usedBy: async (ownerId) => {
        const { state } = await this.streams.load(productStream(Number(ownerId)), productDecider);
        return state.exists && state.details !== null && normaliseSku(state.details.sku) === key;
      },
    };
  }

  /** A removed category is gone; a deactivated one still holds its products (the back office offers only active ones for new products). */
  async assertCategoryExists(categoryId: number | null): Promise<void> {
    if (categoryId === null) return;
    const exists = await this.streams.exists(categoryStream(categoryId));
    if (!exists || (await this.streams.load(categoryStream(categoryId), categoryDecider)).state.status === 'removed') throw new InvalidInputError(`Category ${categoryId} does not exist`);
  }
}
