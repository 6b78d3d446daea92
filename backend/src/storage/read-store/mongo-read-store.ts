import { ClientSession, Db, Collection as DriverCollection, MongoClient, MongoServerError, UpdateResult as DriverUpdateResult } from 'mongodb';
import {
  assertCollectionName,
  BatchWrite,
  Collection,
  CountOptions,
  Document,
  DuplicateKeyError,
  Filter,
  FindOptions,
  IndexOptions,
  ReadStore,
  refuseUnlessMatched,
  Update,
  UpdateOptions,
  UpdateResult,
} from './read-store.port';

const DEFAULT_DATABASE = 'shop';
const DUPLICATE_KEY = 11000;

/** The production read store: one MongoDB database, one collection per read-store collection. */
export class MongoReadStore implements ReadStore {
  /** Many: each write of a batch is a round trip of its own in a transaction; a batch sums a run's counters per key. */
  readonly eventsPerBatch = 256;
  /** Per collection, the fields of its search index (createSearchIndex). */
  private readonly searchFields = new Map<string, readonly string[]>();

  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {}

  /** Connects before resolving, so a wrong URL fails at startup rather than on the first query. */
  static async connect(url: string, databaseName = databaseNameOf(url)): Promise<MongoReadStore> {
    const client = new MongoClient(url);
    await client.connect();
    return new MongoReadStore(client, client.db(databaseName));
  }

  /** The credential store: a database of its own beside the read models' (`shop` → `shop_credentials`). */
  static connectToCredentials(url: string): Promise<MongoReadStore> {
    return MongoReadStore.connect(url, `${databaseNameOf(url)}_credentials`);
  }

  collection<T extends Document = Document>(name: string): Collection<T> {
    assertCollectionName(name);
    return new MongoCollection<T>(name, this.db.collection<Document>(name), this.searchFields);
  }

  /**
   * The writes in one multi-document transaction (which MongoDB runs on a replica set or a sharded cluster, as
   * every hosted MongoDB is; a standalone server refuses it). The driver runs the whole transaction again after a
   * transient error, and the writes are the same each time.
   */
  async writeAll(writes: readonly BatchWrite[]): Promise<void> {
    if (writes.length === 0) return;
    const session = this.client.startSession();
    try {
      await session.withTransaction(async () => {
        for (const write of writes) {
          const collection = new MongoCollection<Document>(write.collection, this.db.collection<Document>(write.collection), this.searchFields, session);
          if (write.kind === 'replace') await collection.replaceOne(write.document);
          else if (write.kind === 'delete') await collection.deleteMany(write.filter);
          else refuseUnlessMatched(write, await collection.updateOne(write.filter, write.update, { upsert: write.upsert }));
        }
      });
    } finally {
      await session.endSession();
    }
  }

  async dropCollection(name: string): Promise<void> {
    // The driver already treats "ns not found" as nothing to drop.
    await this.db.dropCollection(name);
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}


class MongoCollection<T extends Document> implements Collection<T> {
  constructor(
    private readonly name: string,
    private readonly documents: DriverCollection<Document>,
    private readonly searchFields: Map<string, readonly string[]>,
    /** The transaction of a batch (writeAll) these writes belong to. */
    private readonly session?: ClientSession,
  ) {}

  async findOne(filter: Filter): Promise<T | null> {
    return (await this.documents.findOne(this.translated(filter))) as T | null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    return (await this.documents.find(this.translated(filter), options).toArray()) as T[];
  }

  count(filter: Filter, options: CountOptions = {}): Promise<number> {
    return this.documents.countDocuments(this.translated(filter), options.limit === undefined ? {} : { limit: options.limit });
  }

  /**
   * The port's `$text` is a case-insensitive substring of the search index's fields (as the SQL adapters'
   * trigram indexes answer it); MongoDB's own $text matches whole words, so it is asked as regular expressions.
   */
  async createSearchIndex(fields: readonly string[]): Promise<void> {
    this.searchFields.set(this.name, [...fields]);
  }

  private translated(filter: Filter): Filter {
    const translated: Filter = {};
    for (const [key, value] of Object.entries(filter)) {
      if (key === '$text') {
        const fields = this.searchFields.get(this.name);
        if (!fields) throw new Error(`$text on ${this.name} needs a search index (createSearchIndex)`);
        const search = String((value as { $search?: unknown }).$search ?? '').trim();
        const pattern = { $regex: search.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), $options: 'i' };
        translated.$and = [...((translated.$and as Filter[] | undefined) ?? []), { $or: fields.map((field) => ({ [field]: pattern })) }];
      } else if (key === '$and' || key === '$or') {
        const parts = (value as Filter[]).map((part) => this.translated(part));
        translated[key] = key === '$and' ? [...((translated.$and as Filter[] | undefined) ?? []), ...parts] : parts;
      } else {
        translated[key] = value;
      }
    }
    return translated;
  }

  async insertOne(doc: T): Promise<void> {
    await this.rejectingDuplicates(this.documents.insertOne(doc));
  }

  async replaceOne(doc: T): Promise<void> {
    await this.rejectingDuplicates(this.documents.replaceOne({ _id: doc._id }, doc, { upsert: true, session: this.session }));
  }

  async updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    return toUpdateResult(await this.rejectingDuplicates(this.documents.updateOne(this.translated(filter), update, { upsert: options.upsert ?? false, session: this.session })));
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    return toUpdateResult(await this.rejectingDuplicates(this.documents.updateMany(this.translated(filter), update)));
  }

  async findOneAndUpdate(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<T | null> {
    const updated = this.documents.findOneAndUpdate(this.translated(filter), update, { upsert: options.upsert ?? false, returnDocument: 'after' });
    return (await this.rejectingDuplicates(updated)) as T | null;
  }

  async deleteOne(filter: Filter): Promise<number> {
    return (await this.documents.deleteOne(this.translated(filter))).deletedCount;
  }

  async deleteMany(filter: Filter): Promise<number> {
    return (await this.documents.deleteMany(this.translated(filter), { session: this.session })).deletedCount;
  }

  async createIndex(keys: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<void> {
    // Building a unique index over documents that already collide is a duplicate key error too.
    await this.rejectingDuplicates(this.documents.createIndex(keys, options.unique ? { unique: true } : {}));
  }

  private async rejectingDuplicates<R>(write: Promise<R>): Promise<R> {
    try {
      return await write;
    } catch (error) {
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) {
        throw new DuplicateKeyError(this.name, Object.keys(error.keyPattern ?? error.keyValue ?? { _id: 1 }).join(','), error.keyValue ? JSON.stringify(error.keyValue) : error.message);
      }
      throw error;
    }
  }
}

function toUpdateResult(result: DriverUpdateResult<Document>): UpdateResult {
  return {
    matchedCount: result.matchedCount,
    modifiedCount: result.modifiedCount,
    upsertedId: result.upsertedId === null ? null : String(result.upsertedId),
  };
}

/** The URL path names the database; without one the driver would fall back to "test". */
function databaseNameOf(url: string): string {
  const path = /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?]*)/.exec(url)?.[1];
  return path ? decodeURIComponent(path) : DEFAULT_DATABASE;
}
