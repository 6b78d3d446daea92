import { Inject, Injectable } from '@nestjs/common';
import { CATEGORIES_COLLECTION, CategoryDocument, PRODUCTS_COLLECTION, ProductDocument } from './catalogue.projector';
import { APPLIED_POSITION } from '../runner/projector';
import { RATINGS_COLLECTION, RatingDocument } from '../reviews/reviews.projector';
import { NotFoundError } from '../../backend/src/shared/errors';
import { Filter, READ_STORE, ReadStore, SortSpec } from '../../backend/src/storage/read-store/read-store.port';
import { AdminCategoryView, CategoryView, LOW_STOCK_LIST_LIMIT, LOW_STOCK_THRESHOLD, ProductView } from '../../backend/src/catalogue/contract/catalogue.views';

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



/** Products whose ratings are looked up in one query (a whole catalogue goes in several). */
const RATINGS_PER_LOOKUP = 500;

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

  /** Every product the query keeps, in its order (the spec's whole array). */
  async listProducts(query: ProductSearch): Promise<ProductView[]> {
    return this.withRatings(await this.products.find(productFilter(query), { sort: SORT_SPECS[query.sortBy ?? 'featured'] }));
  }

  /** One slice of the same list and the whole list's length: sorted, sliced and counted by the store, on its indexes. */
  async pageOfProducts(query: ProductSearch, offset: number, limit: number): Promise<{ products: ProductView[]; total: number }> {
    const filter = productFilter(query);
    const docs = await this.products.find(filter, { sort: SORT_SPECS[query.sortBy ?? 'featured'], skip: offset, limit });
    // A page that is not full ends the list, and so tells its length (most searches): only a full or empty page past the start is counted.
    const ended = docs.length < limit && (docs.length > 0 || offset === 0);
    const total = ended ? offset + docs.length : await this.products.count(filter);
    return { products: await this.withRatings(docs), total };
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

  /** Active products at or under the low-stock threshold, the fewest units first (read from the stock index). */
  async lowStock(): Promise<ProductView[]> {
    return this.withRatings(await this.products.find({ isActive: true, stock: { $lte: LOW_STOCK_THRESHOLD } }, { sort: { stock: 1, id: -1 }, limit: LOW_STOCK_LIST_LIMIT }));
  }

  /** The storefront's categories: the active ones, by name. */
  async listCategories(): Promise<CategoryView[]> {
    const docs = await this.readStore.collection<CategoryDocument>(CATEGORIES_COLLECTION).find({ isActive: true }, { sort: { name: 1 } });
    return docs.map(({ id, name, description, productCount }) => ({ id, name, description, productCount }));
  }

  /** The back office's categories: every one not removed, deactivated ones included, by name. */
  async listAllCategories(): Promise<AdminCategoryView[]> {
    const docs = await this.readStore.collection<CategoryDocument>(CATEGORIES_COLLECTION).find({}, { sort: { name: 1 } });
    return docs.map(({ id, name, description, productCount, isActive }) => ({ id, name, description, productCount, isActive }));
  }

  /** How many products are in the category, active or not (a category holding any is deactivated, not removed). */
  async productsInCategory(categoryId: number): Promise<number> {
    return this.products.count({ categoryId });
  }

  async countActiveProducts(): Promise<number> {
    return this.products.count({ isActive: true });
  }

  /** The names of these products (removed ones are missing), looked up by id. */
  async productNames(productIds: number[]): Promise<Map<number, string>> {
    if (productIds.length === 0) return new Map();
    const docs = await this.products.find({ _id: { $in: productIds.map(String) } });
    return new Map(docs.map((doc) => [doc.id, doc.name]));
  }

  /** Ratings are their own read model (built from reviews); product cards show them beside the product, looked up for these products only. */
  private async withRatings(docs: ProductDocument[]): Promise<ProductView[]> {
    const ratings: RatingDocument[] = [];
    for (let start = 0; start < docs.length; start += RATINGS_PER_LOOKUP) {
      const ids = docs.slice(start, start + RATINGS_PER_LOOKUP).map((doc) => doc._id);
      ratings.push(...(await this.readStore.collection<RatingDocument>(RATINGS_COLLECTION).find({ _id: { $in: ids } })));
    }
    const byProduct = new Map(ratings.map((rating) => [rating.productId, rating]));
    return docs.map((doc) => toProductView(doc, byProduct.get(doc.id)));
  }
}

function toProductView(doc: ProductDocument, rating: RatingDocument | undefined): ProductView {
  const { _id, [APPLIED_POSITION]: _applied, effectivePriceCents, updatedAt, ...product } = doc;
  return { ...product, averageRating: rating?.averageRating ?? 0, totalReviews: rating?.totalReviews ?? 0 };
}

/** What a product list keeps: active (or all, for administrators), a category, and a search of name, SKU and description. */
function productFilter(query: ProductSearch): Filter {
  const filter: Filter = {};
  if (query.activity !== 'all') filter.isActive = query.activity === 'active';
  if (query.categoryId !== undefined) filter.categoryId = query.categoryId;
  const term = query.search?.trim();
  if (term) filter.$text = { $search: term };
  return filter;
}
