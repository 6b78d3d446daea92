import Database from 'better-sqlite3';
import { Query } from 'mingo';
import { update as applyUpdate } from 'mingo/updater';
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
import { openSqliteFile } from '../sqlite-file';
import { GroupCommit } from '../group-commit';

/**
 * The embedded default: every collection lives in memory for fast queries with MongoDB
 * semantics (mingo), and every write goes through to one SQLite file before it resolves,
 * so credentials and sessions survive a restart and read models resume from their checkpoints.
 */
export class EmbeddedReadStore implements ReadStore {
  private readonly db: Database.Database;
  private readonly collections = new Map<string, EmbeddedCollection<Document>>();
  /** Every write of the store goes through here, in order; memory already shows it. */
  private readonly commits: GroupCommit<() => void, void>;

  constructor(file: string) {
    this.db = openSqliteFile(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS documents (
        collection TEXT NOT NULL,
        id TEXT NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (collection, id)
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS unique_indexes (
        collection TEXT NOT NULL,
        fields TEXT NOT NULL,
        PRIMARY KEY (collection, fields)
      ) WITHOUT ROWID;
    `);
    this.commits = new GroupCommit<() => void, void>((writes) => {
      try {
        this.db.transaction(() => {
          for (const write of writes) write();
        })();
      } catch (error) {
        // Memory already shows these writes; put it back in step with what the file holds.
        for (const collection of this.collections.values()) collection.reload();
        throw error;
      }
      return writes.map(() => ({ ok: true, value: undefined }));
    });
  }

  collection<T extends Document = Document>(name: string): Collection<T> {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new EmbeddedCollection(name, this.db, this.commits);
      this.collections.set(name, collection);
    }
    return collection as unknown as Collection<T>;
  }

  async dropCollection(name: string): Promise<void> {
    this.collections.get(name)?.forget();
    await this.commits.enqueue(() => {
      this.db.prepare('DELETE FROM documents WHERE collection = ?').run(name);
      this.db.prepare('DELETE FROM unique_indexes WHERE collection = ?').run(name);
    });
  }

  async close(): Promise<void> {
    if (this.db.open) this.commits.flush();
    if (this.db.open) this.db.close();
  }
}

class EmbeddedCollection<T extends Document> implements Collection<T> {
  private documents = new Map<string, T>();
  private uniqueIndexes: UniqueIndex[] = [];
  /** Equality lookups on the first field of each index asked for (kept in memory, rebuilt on load). */
  private equalityIndexes = new Map<string, EqualityIndex>();
  private readonly save: Database.Statement;
  private readonly remove: Database.Statement;

  constructor(
    private readonly name: string,
    private readonly db: Database.Database,
    private readonly commits: GroupCommit<() => void, void>,
  ) {
    this.save = db.prepare('INSERT OR REPLACE INTO documents (collection, id, body) VALUES (?, ?, ?)');
    this.remove = db.prepare('DELETE FROM documents WHERE collection = ? AND id = ?');
    this.load();
  }

  forget(): void {
    this.documents = new Map();
    this.uniqueIndexes = [];
    for (const index of this.equalityIndexes.values()) index.clear();
  }

  reload(): void {
    this.forget();
    this.load();
  }

  async findOne(filter: Filter): Promise<T | null> {
    const found = this.match(filter)[0];
    return found ? structuredClone(found) : null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    let cursor = new Query(filter).find<T>(this.candidates(filter) ?? [...this.documents.values()]);
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return cursor.all().map((doc) => structuredClone(doc));
  }

  async count(filter: Filter): Promise<number> {
    return this.match(filter).length;
  }

  async insertOne(doc: T): Promise<void> {
    if (this.documents.has(doc._id)) throw new DuplicateKeyError(this.name, '_id', doc._id);
    await this.write([structuredClone(doc)]);
  }

  async replaceOne(doc: T): Promise<void> {
    await this.write([structuredClone(doc)]);
  }

  async updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    const target = this.match(filter)[0];
    if (!target) {
      if (!options.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedId: null };
      const created = await this.upsertDocument(filter, update);
      return { matchedCount: 0, modifiedCount: 0, upsertedId: created._id };
    }
    const modified = await this.modify([target], update);
    return { matchedCount: 1, modifiedCount: modified.length, upsertedId: null };
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    const targets = this.match(filter);
    const modified = await this.modify(targets, update);
    return { matchedCount: targets.length, modifiedCount: modified.length, upsertedId: null };
  }

  async findOneAndUpdate(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<T | null> {
    const target = this.match(filter)[0];
    if (!target) return options.upsert ? structuredClone(await this.upsertDocument(filter, update)) : null;
    const [modified] = await this.modify([target], update);
    return structuredClone(modified ?? target);
  }

  async deleteOne(filter: Filter): Promise<number> {
    const target = this.match(filter)[0];
    if (!target) return 0;
    await this.delete([target]);
    return 1;
  }

  async deleteMany(filter: Filter): Promise<number> {
    const targets = this.match(filter);
    await this.delete(targets);
    return targets.length;
  }

  async createIndex(keys: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<void> {
    const fields = Object.keys(keys);
    // Any index also serves equality filters on its first field (MongoDB uses an index's prefix alike).
    const first = fields[0];
    if (first && !first.includes('.') && first !== '_id' && !this.equalityIndexes.has(first)) {
      this.equalityIndexes.set(first, new EqualityIndex(first, this.documents.values()));
    }
    if (!options.unique) return;
    const known = this.uniqueIndexes.some((index) => index.fields.join() === fields.join());
    if (known) return;
    this.uniqueIndexes.push(new UniqueIndex(this.name, fields, this.documents.values()));
    await this.commits.enqueue(() => {
      this.db.prepare('INSERT OR IGNORE INTO unique_indexes (collection, fields) VALUES (?, ?)').run(this.name, JSON.stringify(fields));
    });
  }

  private load(): void {
    const rows = this.db.prepare('SELECT body FROM documents WHERE collection = ?').all(this.name) as { body: string }[];
    for (const row of rows) {
      let doc: T;
      try {
        doc = JSON.parse(row.body) as T;
      } catch (error) {
        throw new Error(`A document of collection ${this.name} is damaged (${(error as Error).message}); read models can be rebuilt from the log: npm run projections:rebuild`, { cause: error });
      }
      this.documents.set(doc._id, doc);
    }
    const indexes = this.db.prepare('SELECT fields FROM unique_indexes WHERE collection = ?').all(this.name) as { fields: string }[];
    this.uniqueIndexes = indexes.map((row) => new UniqueIndex(this.name, JSON.parse(row.fields) as string[], this.documents.values()));
    for (const index of this.equalityIndexes.values()) index.rebuild(this.documents.values());
  }

  /**
   * The documents that can match `filter` by an equality index on one of its fields (a plain string,
   * number, boolean or null value), smallest set first; null when no index applies. The filter is
   * still tested on each: the index only narrows what is tested.
   */
  private candidates(filter: Filter): T[] | null {
    let best: Set<string> | null = null;
    for (const [field, index] of this.equalityIndexes) {
      if (!(field in filter)) continue;
      const ids = index.idsFor(filter[field]);
      if (ids !== undefined && (best === null || ids.size < best.size)) best = ids;
    }
    if (best === null) return null;
    const docs: T[] = [];
    for (const id of best) {
      const doc = this.documents.get(id);
      if (doc) docs.push(doc);
    }
    return docs;
  }

  /** A filter naming an _id looks that one document up instead of testing every document. */
  private match(filter: Filter): T[] {
    const id = filter._id;
    if (typeof id === 'string') {
      const doc = this.documents.get(id);
      if (!doc) return [];
      return Object.keys(filter).length === 1 || new Query(filter).test(doc) ? [doc] : [];
    }
    const query = new Query(filter);
    const matches: T[] = [];
    for (const doc of this.candidates(filter) ?? this.documents.values()) if (query.test(doc)) matches.push(doc);
    return matches;
  }

  private async upsertDocument(filter: Filter, update: Update): Promise<T> {
    const seed: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(filter)) {
      if (!field.startsWith('$') && !field.includes('.') && !isOperatorExpression(value)) seed[field] = value;
    }
    const doc = structuredClone(seed) as T;
    applyUpdate(doc, update);
    if (typeof doc._id !== 'string') throw new Error(`An upsert into ${this.name} needs a string _id in its filter`);
    if (this.documents.has(doc._id)) throw new DuplicateKeyError(this.name, '_id', doc._id);
    await this.write([doc]);
    return doc;
  }

  /**
   * Applies the update to copies first so that a unique-index violation changes nothing, and
   * answers those copies: later writes replace them in memory rather than change them.
   */
  private async modify(targets: T[], update: Update): Promise<T[]> {
    const updated: T[] = [];
    for (const target of targets) {
      const copy = structuredClone(target);
      const changedFields = applyUpdate(copy, update);
      if (changedFields.length > 0) updated.push(copy);
    }
    await this.write(updated);
    return updated;
  }

  /** Memory changes at once, so checks that follow (unique indexes, upserts) see this write; the promise waits for the disk. */
  private write(docs: T[]): Promise<void> {
    if (docs.length === 0) return Promise.resolve();
    for (const index of this.uniqueIndexes) index.assertFree(docs);
    const rows = docs.map((doc) => [doc._id, JSON.stringify(doc)] as const);
    for (const doc of docs) {
      this.documents.set(doc._id, doc);
      for (const index of this.uniqueIndexes) index.put(doc);
      for (const index of this.equalityIndexes.values()) index.put(doc);
    }
    return this.commits.enqueue(() => {
      for (const [id, body] of rows) this.save.run(this.name, id, body);
    });
  }

  private delete(docs: T[]): Promise<void> {
    if (docs.length === 0) return Promise.resolve();
    for (const doc of docs) {
      this.documents.delete(doc._id);
      for (const index of this.uniqueIndexes) index.remove(doc._id);
      for (const index of this.equalityIndexes.values()) index.remove(doc._id);
    }
    const ids = docs.map((doc) => doc._id);
    return this.commits.enqueue(() => {
      for (const id of ids) this.remove.run(this.name, id);
    });
  }
}


/** A unique index as a map from key to the document holding it: checking a write is a lookup, not a scan. */
class UniqueIndex {
  private readonly holders = new Map<string, string>();
  private readonly keysById = new Map<string, string>();

  constructor(
    private readonly collection: string,
    readonly fields: string[],
    documents: Iterable<Document>,
  ) {
    const all = [...documents];
    this.assertFree(all);
    for (const doc of all) this.put(doc);
  }

  /** Throws when a document would take a key that another document holds or takes in the same write. */
  assertFree(docs: Document[]): void {
    const incoming = new Map<string, string>();
    for (const doc of docs) {
      const key = uniqueKey(doc, this.fields);
      if (key === null) continue;
      const holder = incoming.get(key) ?? this.holders.get(key);
      if (holder !== undefined && holder !== doc._id) throw new DuplicateKeyError(this.collection, this.fields.join(','), String(key));
      incoming.set(key, doc._id);
    }
  }

  put(doc: Document): void {
    this.remove(doc._id);
    const key = uniqueKey(doc, this.fields);
    if (key === null) return;
    this.holders.set(key, doc._id);
    this.keysById.set(doc._id, key);
  }

  remove(id: string): void {
    const key = this.keysById.get(id);
    if (key === undefined) return;
    this.holders.delete(key);
    this.keysById.delete(id);
  }
}

/**
 * The ids of the documents per value of one top-level field. A document whose value is an array or an
 * object (which MongoDB equality may match by an element or as a whole) is kept among the `loose`
 * ones, offered for every value; a missing field counts as null, as MongoDB's `{ field: null }` matches it.
 */
class EqualityIndex {
  private readonly byKey = new Map<string, Set<string>>();
  private readonly keyById = new Map<string, string>();
  private readonly loose = new Set<string>();

  constructor(
    private readonly field: string,
    documents: Iterable<Document>,
  ) {
    this.rebuild(documents);
  }

  clear(): void {
    this.byKey.clear();
    this.keyById.clear();
    this.loose.clear();
  }

  rebuild(documents: Iterable<Document>): void {
    this.clear();
    for (const doc of documents) this.put(doc);
  }

  /** The candidates for `{ field: value }`, or undefined when `value` is not a plain value this index can look up. */
  idsFor(value: unknown): Set<string> | undefined {
    const key = equalityKey(value);
    if (key === undefined) return undefined;
    const ids = this.byKey.get(key);
    if (this.loose.size === 0) return ids ?? new Set();
    return new Set([...(ids ?? []), ...this.loose]);
  }

  put(doc: Document): void {
    const key = equalityKey((doc as Record<string, unknown>)[this.field] ?? null);
    // Unchanged: the document keeps its place among its key's (the order a scan would have met it in).
    if (key !== undefined && this.keyById.get(doc._id) === key) return;
    this.remove(doc._id);
    if (key === undefined) {
      this.loose.add(doc._id);
      return;
    }
    let ids = this.byKey.get(key);
    if (!ids) this.byKey.set(key, (ids = new Set()));
    ids.add(doc._id);
    this.keyById.set(doc._id, key);
  }

  remove(id: string): void {
    this.loose.delete(id);
    const key = this.keyById.get(id);
    if (key === undefined) return;
    const ids = this.byKey.get(key);
    ids?.delete(id);
    if (ids?.size === 0) this.byKey.delete(key);
    this.keyById.delete(id);
  }
}

/** A key for a plain value (type and value), undefined for arrays, objects, operators and regular expressions. */
function equalityKey(value: unknown): string | undefined {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return `s:${value}`;
    case 'number':
      return `n:${value}`;
    case 'boolean':
      return `b:${value}`;
    default:
      return undefined;
  }
}

function isOperatorExpression(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).some((key) => key.startsWith('$'));
}

function uniqueKey(doc: Document, fields: string[]): string | null {
  const values = fields.map((field) => field.split('.').reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], doc));
  if (values.every((value) => value === undefined)) return null;
  return JSON.stringify(values);
}
