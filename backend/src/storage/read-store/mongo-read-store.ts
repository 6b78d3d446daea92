import { Db, Collection as DriverCollection, MongoClient, MongoServerError, UpdateResult as DriverUpdateResult } from 'mongodb';
import {
  Collection,
  Document,
  DuplicateKeyError,
  Filter,
  FindOptions,
  IndexOptions,
  ReadStore,
  Update,
  UpdateOptions,
  UpdateResult,
} from './read-store.port';

const DEFAULT_DATABASE = 'shop';
const DUPLICATE_KEY = 11000;

/** The production read store: one MongoDB database, one collection per read-store collection. */
export class MongoReadStore implements ReadStore {
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
    return new MongoCollection<T>(name, this.db.collection<Document>(name));
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
  ) {}

  async findOne(filter: Filter): Promise<T | null> {
    return (await this.documents.findOne(filter)) as T | null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    return (await this.documents.find(filter, options).toArray()) as T[];
  }

  count(filter: Filter): Promise<number> {
    return this.documents.countDocuments(filter);
  }

  async insertOne(doc: T): Promise<void> {
    await this.rejectingDuplicates(this.documents.insertOne(doc));
  }

  async replaceOne(doc: T): Promise<void> {
    await this.rejectingDuplicates(this.documents.replaceOne({ _id: doc._id }, doc, { upsert: true }));
  }

  async updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    return toUpdateResult(await this.rejectingDuplicates(this.documents.updateOne(filter, update, { upsert: options.upsert ?? false })));
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    return toUpdateResult(await this.rejectingDuplicates(this.documents.updateMany(filter, update)));
  }

  async findOneAndUpdate(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<T | null> {
    const updated = this.documents.findOneAndUpdate(filter, update, { upsert: options.upsert ?? false, returnDocument: 'after' });
    return (await this.rejectingDuplicates(updated)) as T | null;
  }

  async deleteOne(filter: Filter): Promise<number> {
    return (await this.documents.deleteOne(filter)).deletedCount;
  }

  async deleteMany(filter: Filter): Promise<number> {
    return (await this.documents.deleteMany(filter)).deletedCount;
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
