import { COUNT_LIMIT, Page, PageQuery } from '../../backend/src/shared/contract/paging';
import { Collection, Document, Filter, SortSpec } from '../../backend/src/storage/read-store/read-store.port';

/**
 * One page of a collection, sorted on indexed fields. The total is `knownTotal` when a projector keeps
 * the count (a counter document: constant time), else the matches counted through the index up to
 * COUNT_LIMIT, never the whole history.
 */
export async function findPage<T extends Document>(collection: Collection<T>, filter: Filter, sort: SortSpec, query: PageQuery, knownTotal?: number): Promise<Page<T>> {
  const [items, counted] = await Promise.all([
    collection.find(filter, { sort, skip: (query.page - 1) * query.pageSize, limit: query.pageSize }),
    knownTotal ?? collection.count(filter, { limit: COUNT_LIMIT + 1 }),
  ]);
  const capped = knownTotal === undefined && counted > COUNT_LIMIT;
  return { items, total: capped ? COUNT_LIMIT : counted, totalIsLowerBound: capped, page: query.page, pageSize: query.pageSize };
}

/** The same page with each item turned into its view. */
export function mapPage<T, V>(page: Page<T>, view: (item: T) => V): Page<V> {
  return { ...page, items: page.items.map(view) };
}
