/**
 * Document storage for read models, credentials, sessions and counters,
 * with MongoDB's query and update semantics so that either adapter can serve it.
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

export interface UpdateOptions {
  upsert?: boolean;
}

export interface UpdateResult {
  matchedCount: number;
  modifiedCount: number;
  upsertedId: string | null;
}

export interface IndexOptions {
  unique?: boolean;
}

export interface Collection<T extends Document = Document> {
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  count(filter: Filter): Promise<number>;
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
}

export interface ReadStore {
  collection<T extends Document = Document>(name: string): Collection<T>;
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

export const READ_STORE = Symbol('READ_STORE');
