/**
 * Document storage for read models, credentials, sessions and counters, with the part of MongoDB's
 * query and update language that every adapter answers the same way (embedded SQLite, PostgreSQL
 * JSONB, MongoDB), through indexes, never by loading a collection into memory.
 *
 * Filters: equality on a field or a dotted path through embedded objects (`{ status: 'paid' }`,
 * `{ 'settlement.state': 'late' }`), `null` matching a null or missing field; `$eq`, `$ne`, `$gt`,
 * `$gte`, `$lt`, `$lte` (a string compares with strings, a number with numbers, as MongoDB does),
 * `$in`, `$nin`, `$exists`, `$regex` (with `$options: 'i'`), `$and`, `$or`; arrays are matched with
 * `$elemMatch` only (`{ items: { $elemMatch: { productId: 7 } } }`; an element that is a plain value:
 * `{ tags: { $elemMatch: { $eq: 'new' } } }`), never by equality with the array field itself; and
 * `$text: { $search }` on a collection with a search index (createSearchIndex): a case-insensitive
 * substring of any of its fields. Anything else is refused with an error naming it.
 * Updates: `$set`, `$unset`, `$inc`, `$min`, `$max`, `$push`, on fields or dotted paths.
 */
export type Document = { _id: string } & Record<string, unknown>;

export type Filter = Record<string, unknown>;
export type Update = Record<string, unknown>;
export type SortSpec = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: SortSpec;
  skip?: number;
  limit?: number;
}

export interface CountOptions {
  /** Stop counting here: a page's "more than 10,000" costs no more than 10,000 index entries. */
  limit?: number;
}

export interface UpdateOptions {
  upsert?: boolean;
}

export interface UpdateResult {
  matchedCount: number;
  modifiedCount: number;
  upsertedId: string | null;
}

export interface IndexOptions {
  /** Documents missing every field of the index are not in it, so any number of them may coexist. */
  unique?: boolean;
}

export interface Collection<T extends Document = Document> {
  findOne(filter: Filter): Promise<T | null>;
  /** Sorting on fields an index covers (in its order) lets the adapters page without sorting the matches. */
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  count(filter: Filter, options?: CountOptions): Promise<number>;
  /** Fails with DuplicateKeyError when the _id or a unique index value already exists. */
  insertOne(doc: T): Promise<void>;
  /** Replaces the whole document with this _id, creating it when missing. */
  replaceOne(doc: T): Promise<void>;
  updateOne(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update): Promise<UpdateResult>;
  /** Applies the update atomically and returns the document as it is afterwards. */
  findOneAndUpdate(filter: Filter, update: Update, options?: UpdateOptions): Promise<T | null>;
  deleteOne(filter: Filter): Promise<number>;
  deleteMany(filter: Filter): Promise<number>;
  createIndex(keys: Record<string, 1 | -1>, options?: IndexOptions): Promise<void>;
  /** Makes `$text: { $search }` answer from an index over these string fields (a trigram index where the engine has one). */
  createSearchIndex(fields: readonly string[]): Promise<void>;
}

/**
 * One write of a batch (ReadStore.writeAll), with the meaning of the Collection method of the same name:
 * `update` is updateOne (an upsert whose _id is held by a document the filter does not match is a duplicate
 * key), `replace` is replaceOne, `delete` is deleteMany. An update marked `required` must match (or upsert)
 * a document, or the whole batch is refused with StaleWriteError: a write fenced by a lease token, say.
 */
export type BatchWrite =
  | { kind: 'update'; collection: string; filter: Filter; update: Update; upsert?: boolean; required?: boolean }
  | { kind: 'replace'; collection: string; document: Document }
  | { kind: 'delete'; collection: string; filter: Filter };

export interface ReadStore {
  collection<T extends Document = Document>(name: string): Collection<T>;
  /**
   * Applies the writes in order, all or none: an error, or a crash at any point, leaves none of them. This
   * is how a projector commits what a whole batch of events changed together with its checkpoint, in one
   * transaction (PostgreSQL: a round trip for the lot, where one per write made a page view cost ten).
   */
  writeAll(writes: readonly BatchWrite[]): Promise<void>;
  /**
   * How many events a projector should apply per writeAll here: many where each write costs a round trip
   * to a server; few where a write is a call into this process (the embedded store, which commits every
   * 10 ms anyway), so that a batch never holds the thread the requests are answered on for long.
   */
  readonly eventsPerBatch: number;
  dropCollection(name: string): Promise<void>;
  close(): Promise<void>;
}

export class DuplicateKeyError extends Error {
  /** `fields`: the key's fields joined by commas, `_id` for a second document with the same id. */
  constructor(readonly collection: string, readonly fields: string, readonly value: string) {
    super(`Duplicate key in ${collection}: ${fields} ${value}`);
    this.name = 'DuplicateKeyError';
  }
}

/** A batch's `required` write matched nothing: none of the batch was written. */
export class StaleWriteError extends Error {
  override name = 'StaleWriteError';

  constructor(readonly collection: string) {
    super(`A required write to ${collection} matched nothing; the batch was not written`);
  }
}

/** Refuses the batch (StaleWriteError) when this update of it was `required` and matched, and upserted, nothing. */
export function refuseUnlessMatched(write: Extract<BatchWrite, { kind: 'update' }>, result: UpdateResult): void {
  if (write.required && result.matchedCount === 0 && result.upsertedId === null) throw new StaleWriteError(write.collection);
}

/** A filter or update the port does not define (an unknown operator, equality with a whole array or object). */
export class UnsupportedQueryError extends Error {
  override name = 'UnsupportedQueryError';
}

/** Collection names become (quoted) table names: letters, digits, underscores and hyphens, starting with a letter. */
export function assertCollectionName(name: string): void {
  if (!/^[A-Za-z][A-Za-z0-9_-]{0,62}$/.test(name)) throw new UnsupportedQueryError(`"${name}" is not a collection name (letters, digits, _ and -, at most 63)`);
}

export const READ_STORE = Symbol('READ_STORE');
