import { Inject, Injectable } from '@nestjs/common';
import { FavoriteView, OrderHistoryEntry, RECOMMENDATIONS_LIMIT } from '../../backend/src/customers/contract/customer.views';
import { ProductView } from '../../backend/src/catalogue/contract/catalogue.views';
import { READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { CatalogueQueries } from '../catalogue/catalogue.queries';
import { FAVORITES_COLLECTION, FavoriteDocument } from './favorites.projector';
import { PRODUCT_PURCHASES_COLLECTION, ProductPurchasesDocument, PURCHASED_ORDERS_COLLECTION, PurchasedOrderDocument } from './purchases.projector';
import { rankRecommendations } from './recommendations';

/** The signed-in customer's own lists (checkout spec §7 Customer): each answer is about the customer asking only. */
@Injectable()
export class CustomerQueries {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly catalogue: CatalogueQueries,
  ) {}

  /** Saved products that are still for sale, newest saved first: a withdrawn product leaves the list until it returns. */
  async favorites(userId: string): Promise<FavoriteView[]> {
    const saved = await this.readStore.collection<FavoriteDocument>(FAVORITES_COLLECTION).find({ userId, saved: true }, { sort: { addedAt: -1, productId: 1 } });
    if (saved.length === 0) return [];
    const products = await this.productsById('active');
    return saved.flatMap(({ productId, addedAt }) => {
      const product = products.get(productId);
      return product ? [{ productId, addedAt, product }] : [];
    });
  }

  /** Per product ordered, over the customer's orders that were not cancelled; most recently ordered first. */
  async orderHistory(userId: string): Promise<OrderHistoryEntry[]> {
    const entries = new Map<number, OrderHistoryEntry>();
    for (const order of await this.countedOrders(userId)) {
      for (const line of order.lines) {
        const entry = entries.get(line.productId);
        if (!entry) entries.set(line.productId, { productId: line.productId, name: line.name, quantity: line.quantity, lastQuantity: line.quantity, lastOrderDate: order.placedAt });
        else entry.quantity += line.quantity;
      }
    }
    return [...entries.values()];
  }

  async recommendations(userId: string): Promise<ProductView[]> {
    const bought = new Set((await this.countedOrders(userId)).flatMap((order) => order.lines.map((line) => line.productId)));
    const purchases = await this.readStore.collection<ProductPurchasesDocument>(PRODUCT_PURCHASES_COLLECTION).find({});
    const boughtTogether = new Map<number, number>();
    for (const doc of purchases) {
      if (!bought.has(doc.productId)) continue;
      for (const [other, orders] of Object.entries(doc.boughtWith)) boughtTogether.set(Number(other), (boughtTogether.get(Number(other)) ?? 0) + orders);
    }
    const unitsSold = new Map(purchases.map((doc) => [doc.productId, doc.unitsSold]));
    const products = [...(await this.productsById('all')).values()];
    return rankRecommendations({ bought, boughtTogether, unitsSold, products, limit: RECOMMENDATIONS_LIMIT });
  }

  /** The customer's orders that were not cancelled, newest first. */
  private countedOrders(userId: string): Promise<PurchasedOrderDocument[]> {
    return this.readStore.collection<PurchasedOrderDocument>(PURCHASED_ORDERS_COLLECTION).find({ customerId: userId, cancelled: false }, { sort: { placedAt: -1, orderId: -1 } });
  }

  private async productsById(activity: 'active' | 'all'): Promise<Map<number, ProductView>> {
    return new Map((await this.catalogue.listProducts({ activity })).map((product) => [product.id, product]));
  }
}
