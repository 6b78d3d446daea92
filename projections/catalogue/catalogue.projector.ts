import { Inject, Injectable } from '@nestjs/common';
import { CategoryEvent, ProductEvent } from '../../backend/src/catalogue/contract/catalogue.events';
import { CatalogueProduct } from '../../backend/src/catalogue/contract/catalogue.views';
import { parseCents } from '../../backend/src/shared/money';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { applyOnce, insertOnce, Projector, RunsOnTheLog } from '../runner/projector';

export const PRODUCTS_COLLECTION = 'catalogue_products';
export const CATEGORIES_COLLECTION = 'catalogue_categories';
/** What the storefront's search looks in: a case-insensitive part of any of these. */
export const PRODUCT_SEARCH_FIELDS = ['name', 'sku', 'description'] as const;

export type ProductDocument = Document &
  CatalogueProduct & {
    /** What a shopper pays per unit, in cents: the sort key for price ordering. */
    effectivePriceCents: number;
    updatedAt: string;
  };

export type CategoryDocument = Document & {
  id: number;
  name: string;
  description: string | null;
  productCount: number;
  /** False once deactivated (it still holds products): the storefront lists only active categories. */
  isActive: boolean;
  createdAt: string;
};

function effectivePriceCents(price: string, salePrice: string | null, isOnSale: boolean): number {
  return isOnSale && salePrice !== null ? parseCents(salePrice) : parseCents(price);
}

/** The storefront catalogue: products and categories with their active-product counts. */
@Injectable()
@RunsOnTheLog()
export class CatalogueProjector implements Projector {
  readonly name = 'catalogue';
  readonly collections = [PRODUCTS_COLLECTION, CATEGORIES_COLLECTION] as const;
  /** 2: the indexes of paged, sorted and searched product lists; 3: categories removed or deactivated (isActive). */
  readonly version = 3;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  private get products() {
    return this.readStore.collection<ProductDocument>(PRODUCTS_COLLECTION);
  }

  private get categories() {
    return this.readStore.collection<CategoryDocument>(CATEGORIES_COLLECTION);
  }

  /** Product lists sort and filter on indexes; search goes through a trigram index of name, SKU and description. */
  async prepare(): Promise<void> {
    await this.products.createIndex({ sku: 1 }, { unique: true });
    await this.products.createIndex({ id: 1 });
    await this.products.createIndex({ isActive: 1, id: 1 });
    await this.products.createIndex({ categoryId: 1, isActive: 1 });
    await this.products.createIndex({ isActive: 1, stock: -1, id: 1 });
    await this.products.createIndex({ isActive: 1, effectivePriceCents: 1, id: 1 });
    await this.products.createIndex({ isActive: 1, name: 1, id: 1 });
    await this.products.createIndex({ isActive: 1, createdAt: -1, id: -1 });
    await this.products.createSearchIndex(PRODUCT_SEARCH_FIELDS);
  }

  canHandle(event: RecordedEvent): boolean {
    return event.streamId.startsWith('product-') || event.streamId.startsWith('category-');
  }

  async apply(recorded: RecordedEvent): Promise<void> {
    if (recorded.streamId.startsWith('product-')) await this.applyProductEvent(recorded, recorded as unknown as ProductEvent);
    else if (recorded.streamId.startsWith('category-')) await this.applyCategoryEvent(recorded, recorded as unknown as CategoryEvent);
  }

  private async applyProductEvent(recorded: RecordedEvent, event: ProductEvent): Promise<void> {
    const _id = String(event.data.productId);
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'ProductCreated': {
        const { productId, ...fields } = event.data;
        await insertOnce(
          this.products,
          {
            _id,
            id: productId,
            ...fields,
            effectivePriceCents: effectivePriceCents(fields.price, fields.salePrice, fields.isOnSale),
            createdAt: at,
            updatedAt: at,
          },
          recorded,
        );
        await this.recountCategories([fields.categoryId]);
        return;
      }
      case 'ProductDetailsChanged': {
        const before = await this.products.findOne({ _id });
        await applyOnce(this.products, { _id }, recorded, { $set: { ...event.data.changes, updatedAt: at } });
        if ('categoryId' in event.data.changes) await this.recountCategories([before?.categoryId ?? null, event.data.changes.categoryId ?? null]);
        return;
      }
      case 'ProductPricingChanged': {
        const { price, salePrice, isOnSale } = event.data;
        await applyOnce(this.products, { _id }, recorded, {
          $set: { price, salePrice, isOnSale, effectivePriceCents: effectivePriceCents(price, salePrice, isOnSale), updatedAt: at },
        });
        return;
      }
      case 'ProductActivated':
      case 'ProductDeactivated':
        await applyOnce(this.products, { _id }, recorded, { $set: { isActive: event.type === 'ProductActivated', updatedAt: at } });
        await this.recountCategories([(await this.products.findOne({ _id }))?.categoryId ?? null]);
        return;
      case 'ProductRemoved': {
        const removed = await this.products.findOne({ _id });
        await this.products.deleteOne({ _id });
        await this.recountCategories([removed?.categoryId ?? null]);
        return;
      }
      case 'StockAdjusted':
      case 'StockReserved':
      case 'StockReleased':
        await applyOnce(this.products, { _id }, recorded, { $set: { stock: event.data.stockAfter, updatedAt: at } });
        return;
    }
  }

  private async applyCategoryEvent(recorded: RecordedEvent, event: CategoryEvent): Promise<void> {
    const _id = String(event.data.categoryId);
    switch (event.type) {
      case 'CategoryCreated': {
        const { categoryId, name, description } = event.data;
        await insertOnce(this.categories, { _id, id: categoryId, name, description, productCount: 0, isActive: true, createdAt: recorded.metadata.occurredAt }, recorded);
        await this.recountCategories([categoryId]);
        return;
      }
      case 'CategoryDetailsChanged':
        await applyOnce(this.categories, { _id }, recorded, { $set: { name: event.data.name, description: event.data.description } });
        return;
      case 'CategoryDeactivated':
        await applyOnce(this.categories, { _id }, recorded, { $set: { isActive: false } });
        return;
      case 'CategoryRemoved':
        await this.categories.deleteOne({ _id });
        return;
    }
  }

  /** Counting from the products read model rather than incrementing keeps the counts right under replay. */
  private async recountCategories(categoryIds: (number | null)[]): Promise<void> {
    for (const categoryId of new Set(categoryIds)) {
      if (categoryId === null) continue;
      const productCount = await this.products.count({ categoryId, isActive: true });
      await this.categories.updateOne({ _id: String(categoryId) }, { $set: { productCount } });
    }
  }
}
