import { Inject, Injectable } from '@nestjs/common';
import { CATEGORIES_COLLECTION, CategoryDocument, PRODUCTS_COLLECTION, ProductDocument } from './catalogue.projector';
import { APPLIED_POSITION } from '../runner/projector';
import { RATINGS_COLLECTION, RatingDocument } from '../reviews/reviews.projector';
import { NotFoundError } from '../../backend/src/shared/errors';
import { Filter, READ_STORE, ReadStore, SortSpec } from '../../backend/src/storage/read-store/read-store.port';
import { CategoryView, ProductView } from '../../backend/src/catalogue/contract/catalogue.views';

export const PRODUCT_SORTS = ['featured', 'popularity', 'price_asc', 'price_desc', 'name', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Storefront spec §9: popularity is stock descending then id; featured keeps the catalogue's own order. */
const SORT_SPECS: Record<ProductSort, SortSpec> = {
  featured: { id: 1 },
  popularity: { stock: -1, id: 1 },
  price_asc: { effectivePriceCents: 1, id: 1 },
  price_desc: { effectivePriceCents: -1, id: 1 },
  name: { name: 1, id: 1 },
  newest: { createdAt: -1, id: -1 },
};



export interface ProductSearch {
  search?: string;
  categoryId?: number;
  sortBy?: ProductSort;
  /** Only administrators may see inactive products. */
  activity: 'active' | 'inactive' | 'all';
}

@Injectable()
export class CatalogueQueries {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  private get products() {
    return this.readStore.collection<ProductDocument>(PRODUCTS_COLLECTION);
  }

  async listProducts(query: ProductSearch): Promise<ProductView[]> {
    const filter: Filter = {};
    if (query.activity !== 'all') filter.isActive = query.activity === 'active';
    if (query.categoryId !== undefined) filter.categoryId = query.categoryId;
    const term = query.search?.trim();
    if (term) {
      const pattern = { $regex: escapeRegExp(term), $options: 'i' };
      filter.$or = [{ name: pattern }, { sku: pattern }, { description: pattern }];
    }
    const docs = await this.products.find(filter, { sort: SORT_SPECS[query.sortBy ?? 'featured'] });
    return this.withRatings(docs);
  }

  async listOnSale(): Promise<ProductView[]> {
    return this.withRatings(await this.products.find({ isActive: true, isOnSale: true }, { sort: SORT_SPECS.featured }));
  }

  async getProduct(productId: number, includeInactive: boolean): Promise<ProductView> {
    const doc = await this.products.findOne({ _id: String(productId) });
    if (!doc || (!doc.isActive && !includeInactive)) throw new NotFoundError('Product not found');
    const [view] = await this.withRatings([doc]);
    return view;
  }

  async listCategories(): Promise<CategoryView[]> {
    const docs = await this.readStore.collection<CategoryDocument>(CATEGORIES_COLLECTION).find({}, { sort: { name: 1 } });
    return docs.map(({ id, name, description, productCount }) => ({ id, name, description, productCount }));
  }

  async countActiveProducts(): Promise<number> {
    return this.products.count({ isActive: true });
  }

  /** Ratings are their own read model (built from reviews); product cards show them beside the product. */
  private async withRatings(docs: ProductDocument[]): Promise<ProductView[]> {
    const filter = docs.length === 1 ? { _id: docs[0]._id } : {};
    const ratings = await this.readStore.collection<RatingDocument>(RATINGS_COLLECTION).find(filter);
    const byProduct = new Map(ratings.map((rating) => [rating.productId, rating]));
    return docs.map((doc) => toProductView(doc, byProduct.get(doc.id)));
  }
}

function toProductView(doc: ProductDocument, rating: RatingDocument | undefined): ProductView {
  const { _id, [APPLIED_POSITION]: _applied, effectivePriceCents, updatedAt, ...product } = doc;
  return { ...product, averageRating: rating?.averageRating ?? 0, totalReviews: rating?.totalReviews ?? 0 };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
