import { Logger } from '@nestjs/common';
import Database from 'better-sqlite3';
import { applyUpdate, upsertSeed } from './document-update';
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
import { compileFilter, compileSort, fieldExpression, SqlParams } from './sql/document-filter';
import { openSqliteFile } from '../sqlite-file';
import { WalSync } from '../wal-sync';

/**
 * `full`: every commit is flushed to disk before its writes resolve (credentials, sessions, secrets:
 * nothing can rebuild them), off the event loop (WalSync). `rebuildable`: commits reach the operating
 * system before they resolve, which survives the process being killed, and the disk at the next WAL
 * checkpoint; a power cut may lose the last moments of read models, which their projectors then apply
 * again from the log (their checkpoints are in the same file, so they fall back together).
 */
export type Durability = 'full' | 'rebuildable';

/** How long a rebuildable read model's writes gather in one transaction before it is committed. */
const REBUILDABLE_COMMIT_MS = 10;
/** Statements prepared once per SQL text; filters repeat their shapes, so few are ever made. */
const STATEMENT_CACHE_SIZE = 2000;
/** SQLite's page cache for this file, in KiB: the working set stays in memory, the history stays on disk. */
const PAGE_CACHE_KIB = 32 * 1024;
/**
 * How often the query planner's statistics are brought up to date (`PRAGMA optimize`: only tables
 * that changed much are sampled, at most ANALYSIS_ROWS rows of each index). Without statistics SQLite
 * takes any equality as selective: a search for one product walked every active product to check it.
 */
const PLANNER_STATISTICS_MS = 5 * 60_000;
const ANALYSIS_ROWS = 1000;
/** Terms shorter than a trigram cannot use the search index; they are looked for by LIKE over the fields. */
const TRIGRAM = 3;

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * The embedded document store: one SQLite table per collection (`c_<name>`: a row per document, its
 * JSON in `body` as SQLite's binary JSONB, which filters read without parsing text; rows of files
 * written before hold text JSON, which every JSON function reads alike), queried through SQL with expression indexes on the fields that collections ask to
 * index, and a trigram full-text index for search. Memory does not grow with the data: SQLite keeps a
 * bounded page cache, and nothing is loaded at start.
 *
 * Writes run at once, synchronously, inside one transaction that stays open for the rest of the turn
 * of the event loop (group commit): whatever is written in one turn (concurrent requests, every
 * projector applying an event) shares one commit, and each write resolves only once it is committed.
 * Every write is its own savepoint, so a failed one (a duplicate key) changes nothing and the others
 * still commit. Reads on this connection see writes as soon as they are made, like the log's sole
 * writer deciding on a state it has just appended.
 */
export class SqliteReadStore implements ReadStore {
  /** A few: a write here runs on this thread (about 30 µs each), and a batch of four page views is well inside a slice of projection work (beside a backlog, runs of four slowed orders as much as one event at a time did, and projected a quarter faster; eight, more). */
  readonly eventsPerBatch = 4;
  private readonly db: Database.Database;
  private readonly collections = new Map<string, SqliteCollection<Document>>();
  private readonly statements = new Map<string, Database.Statement>();
  private readonly savepoint: (work: () => unknown) => unknown;
  private waiters: Waiter[] = [];
  private commitScheduled = false;
  /** Null for rebuildable read models: their commits are not flushed one by one. */
  private readonly wal: WalSync | null;
  private readonly statistics: NodeJS.Timeout;

  private readonly logger = new Logger('ReadStore');

  constructor(
    private readonly file: string,
    durability: Durability,
  ) {
    this.db = openSqliteFile(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    // A closed account's data is deleted for good (issue 22): from credentials, sessions and the outbox, and from the read
    // models too. Deleted content is zeroed, including pages that go back to the free list (an overflow page a document
    // outgrew, a table a rebuild dropped): FAST zeroes only pages it writes anyway and left a closed account's name on a
    // free page of the read models now and then.
    this.db.pragma('secure_delete = ON');
    this.wal = durability === 'full' ? new WalSync(file) : null;
    this.wal?.syncNow();
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    this.db.function('shop_regexp', { deterministic: true }, (pattern: unknown, flags: unknown, value: unknown) =>
      typeof value === 'string' && new RegExp(String(pattern), String(flags)).test(value) ? 1 : 0,
    );
    this.db.exec('CREATE TABLE IF NOT EXISTS shop_search_indexes (collection TEXT PRIMARY KEY, fields TEXT NOT NULL)');
    this.savepoint = this.db.transaction((work: () => unknown) => work());
    this.migrateSingleTable();
    this.db.pragma(`analysis_limit = ${ANALYSIS_ROWS}`);
    this.updatePlannerStatistics(true);
    this.statistics = setInterval(() => this.updatePlannerStatistics(false), PLANNER_STATISTICS_MS).unref();
  }

  /** At open every table is looked at (0x10002); later only those whose size changed much since. */
  private updatePlannerStatistics(atOpen: boolean): void {
    if (!this.db.open) return;
    void this.write(() => this.db.pragma(atOpen ? 'optimize = 0x10002' : 'optimize')).catch((error: Error) => this.logger.warn(`Updating the planner's statistics failed: ${error.message}`));
  }

  collection<T extends Document = Document>(name: string): Collection<T> {
    return this.sqliteCollection(name) as unknown as Collection<T>;
  }

  private sqliteCollection(name: string): SqliteCollection<Document> {
    let collection = this.collections.get(name);
    if (!collection) {
      assertCollectionName(name);
      collection = new SqliteCollection(name, this);
      this.collections.set(name, collection);
    }
    return collection;
  }

  /** The writes in one savepoint of the open transaction: a write that fails (or a required one that matches nothing) rolls back the rest. */
  writeAll(writes: readonly BatchWrite[]): Promise<void> {
    return this.writeSeveral(() => {
      for (const write of writes) {
        const collection = this.sqliteCollection(write.collection);
        if (write.kind === 'replace') collection.replaceNow(write.document);
        else if (write.kind === 'delete') collection.deleteNow(write.filter);
        else refuseUnlessMatched(write, collection.updateNow(write.filter, write.update, { upsert: write.upsert }));
      }
    });
  }

  async dropCollection(name: string): Promise<void> {
    assertCollectionName(name);
    await this.writeSeveral(() => {
      this.db.exec(`DROP TABLE IF EXISTS "${tableOf(name)}"; DROP TABLE IF EXISTS "${searchTableOf(name)}"`);
      this.db.prepare('DELETE FROM shop_search_indexes WHERE collection = ?').run(name);
      this.collections.get(name)?.forget();
      this.statements.clear();
    });
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    clearInterval(this.statistics);
    await this.commit();
    this.wal?.close();
    this.db.close();
  }

  /** A statement for this SQL, prepared once. */
  statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }

  /**
   * Runs `work` now, in the open transaction: work that changes at most one row by one statement (and
   * reads), which SQLite makes atomic by itself (a statement that fails, a duplicate key, takes back its
   * own changes and nothing else). Credentials resolve once that transaction is committed and on disk.
   * Rebuildable read models resolve at once: the write is already what every later read on this
   * connection sees, and the transaction is committed within REBUILDABLE_COMMIT_MS with whatever else
   * was written meanwhile, so a busy shop commits (and writes each changed page to the WAL) a hundred
   * times a second instead of once per turn of the event loop.
   */
  write<R>(work: () => R): Promise<R> {
    return this.writeIn(work, false);
  }

  /** As `write`, for work of several statements: in a savepoint of its own, so a failure takes all of it back. */
  writeSeveral<R>(work: () => R): Promise<R> {
    return this.writeIn(work, true);
  }

  private writeIn<R>(work: () => R, savepoint: boolean): Promise<R> {
    if (!this.db.open) return Promise.reject(new Error('The read store is closed'));
    if (!this.db.inTransaction) this.db.exec('BEGIN');
    this.scheduleCommit();
    let result: R;
    try {
      // A savepoint per write cost more than the write: SAVEPOINT and RELEASE are statements too, and a search index writes its pending terms out at each one.
      result = (savepoint ? this.savepoint(work) : work()) as R;
    } catch (error) {
      // A savepoint took back any table made in it: the collections look for theirs again.
      if (savepoint) for (const collection of this.collections.values()) collection.forget();
      return Promise.reject(error);
    }
    if (!this.wal) return Promise.resolve(result);
    return new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject })).then(() => result);
  }

  private scheduleCommit(): void {
    if (this.commitScheduled) return;
    this.commitScheduled = true;
    if (this.wal) setImmediate(() => void this.commit());
    else setTimeout(() => void this.commit(), REBUILDABLE_COMMIT_MS);
  }

  /** Commits the turn's transaction; its writers are answered once it is durable as this store promises. */
  private commit(): Promise<void> {
    this.commitScheduled = false;
    const waiters = this.waiters;
    this.waiters = [];
    if (this.db.inTransaction) {
      try {
        this.db.exec('COMMIT');
      } catch (error) {
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
        for (const collection of this.collections.values()) collection.forget();
        for (const waiter of waiters) waiter.reject(error);
        // Read models already answered from what is now rolled back: their projectors must replay it from their checkpoints.
        if (!this.wal) this.logger.error(`A commit of ${this.file} failed (${(error as Error).message}); restart the shop so its projectors apply the lost events again from their checkpoints`);
        return Promise.resolve();
      }
    }
    return (this.wal?.sync() ?? Promise.resolve()).then(
      () => waiters.forEach((waiter) => waiter.resolve()),
      (error: unknown) => waiters.forEach((waiter) => waiter.reject(error)),
    );
  }

  /**
   * Files written before collections had tables of their own kept every document in one `documents`
   * table: they are moved into their collections' tables once, in one transaction.
   */
  private migrateSingleTable(): void {
    const old = this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'documents'").get();
    if (!old) return;
    this.db.transaction(() => {
      const names = this.db.prepare('SELECT DISTINCT collection FROM documents').all() as { collection: string }[];
      for (const { collection } of names) {
        assertCollectionName(collection);
        createTable(this.db, collection);
        this.db.prepare(`INSERT OR REPLACE INTO "${tableOf(collection)}" (id, body) SELECT id, body FROM documents WHERE collection = ?`).run(collection);
      }
      this.db.exec('DROP TABLE documents; DROP TABLE IF EXISTS unique_indexes');
    })();
  }

  createTable(name: string): void {
    createTable(this.db, name);
  }
}

function createTable(db: Database.Database, name: string): void {
  // An explicit INTEGER PRIMARY KEY keeps row numbers stable across VACUUM: the search index refers to them.
  db.exec(`CREATE TABLE IF NOT EXISTS "${tableOf(name)}" (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, body TEXT NOT NULL)`);
}

const tableOf = (collection: string) => `c_${collection}`;
const searchTableOf = (collection: string) => `c_${collection}__search`;
/** Index names carry their fields, so a unique violation can name them. */
const indexNameOf = (collection: string, fields: string[], unique: boolean) => `c_${collection}::${unique ? 'unique:' : ''}${fields.join(',')}`;

class SqliteCollection<T extends Document> implements Collection<T> {
  private readonly table: string;
  private tableReady = false;
  /** The fields of the search index, once createSearchIndex made it (or found it made). */
  private searchFields: string[] | null | undefined;

  constructor(
    private readonly name: string,
    private readonly store: SqliteReadStore,
  ) {
    this.table = tableOf(name);
  }

  forget(): void {
    this.tableReady = false;
    this.searchFields = undefined;
  }

  async findOne(filter: Filter): Promise<T | null> {
    this.ensureTable();
    const { where, values } = this.where(filter);
    const row = this.store.statement(`SELECT json(body) AS body FROM "${this.table}" WHERE ${where} LIMIT 1`).get(...values) as { body: string } | undefined;
    return row ? parse<T>(row.body) : null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    this.ensureTable();
    const { where, values } = this.where(filter);
    let sql = `SELECT json(body) AS body FROM "${this.table}" WHERE ${where}`;
    if (options.sort && Object.keys(options.sort).length > 0) sql += ` ORDER BY ${compileSort(options.sort, 'sqlite')}`;
    if (options.limit || options.skip) sql += ` LIMIT ${options.limit ? Math.floor(options.limit) : -1} OFFSET ${Math.floor(options.skip ?? 0)}`;
    const rows = this.store.statement(sql).all(...values) as { body: string }[];
    return rows.map((row) => parse<T>(row.body));
  }

  async count(filter: Filter, options: CountOptions = {}): Promise<number> {
    this.ensureTable();
    const { where, values } = this.where(filter);
    const sql = options.limit === undefined ? `SELECT count(*) AS n FROM "${this.table}" WHERE ${where}` : `SELECT count(*) AS n FROM (SELECT 1 FROM "${this.table}" WHERE ${where} LIMIT ${Math.floor(options.limit)})`;
    return (this.store.statement(sql).get(...values) as { n: number }).n;
  }

  insertOne(doc: T): Promise<void> {
    return this.store.write(() => {
      this.ensureTable();
      this.mapDuplicates(() => this.store.statement(`INSERT INTO "${this.table}" (id, body) VALUES (?, jsonb(?))`).run(doc._id, JSON.stringify(doc)));
    });
  }

  replaceOne(doc: T): Promise<void> {
    return this.store.write(() => this.replaceNow(doc));
  }

  /** replaceOne's work, in the caller's savepoint (also a batch's: see SqliteReadStore.writeAll). */
  replaceNow(doc: T): void {
    this.ensureTable();
    this.save(doc);
  }

  updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    return this.store.write(() => this.updateNow(filter, update, options));
  }

  updateNow(filter: Filter, update: Update, options: UpdateOptions = {}): UpdateResult {
    this.ensureTable();
    const [target] = this.select(filter, 1);
    if (!target) {
      if (!options.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedId: null };
      const created = this.upsert(filter, update);
      return { matchedCount: 0, modifiedCount: 0, upsertedId: created._id };
    }
    const modified = this.modify(target, update);
    return { matchedCount: 1, modifiedCount: modified ? 1 : 0, upsertedId: null };
  }

  updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    return this.store.writeSeveral(() => {
      this.ensureTable();
      const targets = this.select(filter);
      let modifiedCount = 0;
      for (const target of targets) if (this.modify(target, update)) modifiedCount += 1;
      return { matchedCount: targets.length, modifiedCount, upsertedId: null };
    });
  }

  findOneAndUpdate(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<T | null> {
    return this.store.write(() => {
      this.ensureTable();
      const [target] = this.select(filter, 1);
      if (!target) return options.upsert ? (this.upsert(filter, update) as T) : null;
      this.modify(target, update);
      return target;
    });
  }

  deleteOne(filter: Filter): Promise<number> {
    return this.store.write(() => {
      this.ensureTable();
      const { where, values } = this.where(filter);
      return this.store.statement(`DELETE FROM "${this.table}" WHERE seq = (SELECT seq FROM "${this.table}" WHERE ${where} LIMIT 1)`).run(...values).changes;
    });
  }

  deleteMany(filter: Filter): Promise<number> {
    return this.store.write(() => this.deleteNow(filter));
  }

  deleteNow(filter: Filter): number {
    this.ensureTable();
    const { where, values } = this.where(filter);
    return this.store.statement(`DELETE FROM "${this.table}" WHERE ${where}`).run(...values).changes;
  }

  createIndex(keys: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<void> {
    return this.store.write(() => {
      this.ensureTable();
      const fields = Object.keys(keys);
      const columns = fields.map((field) => `${field === '_id' ? 'id' : fieldExpression('sqlite', field)}${keys[field] === -1 ? ' DESC' : ''}`);
      const name = indexNameOf(this.name, fields, options.unique === true);
      this.mapDuplicates(() => this.store.exec(`CREATE ${options.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS "${name}" ON "${this.table}" (${columns.join(', ')})`));
    });
  }

  createSearchIndex(fields: readonly string[]): Promise<void> {
    return this.store.writeSeveral(() => {
      this.ensureTable();
      const wanted = JSON.stringify(fields);
      const existing = this.store.statement('SELECT fields FROM shop_search_indexes WHERE collection = ?').get(this.name) as { fields: string } | undefined;
      const search = searchTableOf(this.name);
      const columns = fields.map((_, index) => `f${index}`);
      const extracted = (row: 'new' | 'old') => fields.map((field) => fieldExpression('sqlite', field).replace('(body,', `(${row}.body,`));
      const extract = (row: 'new' | 'old') => extracted(row).join(', ');
      const before = extracted('old');
      const searchedTextChanged = extracted('new').map((after, index) => `${before[index]} IS NOT ${after}`).join(' OR ');
      // Only a change of the searched text touches the index: a stock or status change of a product or an order does not re-index it.
      const updateTrigger = `
        DROP TRIGGER IF EXISTS "${search}_update";
        CREATE TRIGGER "${search}_update" AFTER UPDATE OF body ON "${this.table}" WHEN ${searchedTextChanged} BEGIN DELETE FROM "${search}" WHERE rowid = old.seq; INSERT INTO "${search}" (rowid, ${columns.join(', ')}) VALUES (new.seq, ${extract('new')}); END;`;
      if (existing?.fields === wanted) {
        // Files written before the update trigger asked whether the text changed get the new trigger; the index stays.
        const trigger = this.store.statement("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?").get(`${search}_update`) as { sql: string } | undefined;
        if (!trigger?.sql.includes(' WHEN ')) this.store.exec(updateTrigger);
        this.searchFields = [...fields];
        return;
      }
      // Contentless: the index holds trigrams only, the text stays in the collection's rows.
      this.store.exec(`
        DROP TABLE IF EXISTS "${search}";
        CREATE VIRTUAL TABLE "${search}" USING fts5(${columns.join(', ')}, content='', contentless_delete=1, tokenize='trigram');
        DROP TRIGGER IF EXISTS "${search}_insert"; DROP TRIGGER IF EXISTS "${search}_delete";
        CREATE TRIGGER "${search}_insert" AFTER INSERT ON "${this.table}" BEGIN INSERT INTO "${search}" (rowid, ${columns.join(', ')}) VALUES (new.seq, ${extract('new')}); END;
        ${updateTrigger}
        CREATE TRIGGER "${search}_delete" AFTER DELETE ON "${this.table}" BEGIN DELETE FROM "${search}" WHERE rowid = old.seq; END;
        INSERT INTO "${search}" (rowid, ${columns.join(', ')}) SELECT seq, ${extract('new').replace(/new\.body/g, 'body')} FROM "${this.table}";
      `);
      this.store.statement('INSERT INTO shop_search_indexes (collection, fields) VALUES (?, ?) ON CONFLICT (collection) DO UPDATE SET fields = excluded.fields').run(this.name, wanted);
      this.searchFields = [...fields];
    });
  }

  private ensureTable(): void {
    if (this.tableReady) return;
    this.store.createTable(this.name);
    this.tableReady = true;
  }

  private where(filter: Filter): { where: string; values: unknown[] } {
    const params = new SqlParams('sqlite');
    const where = compileFilter(filter, { dialect: 'sqlite', params, text: (search, textParams) => this.textCondition(search, textParams) });
    return { where, values: params.values };
  }

  private textCondition(search: string, params: SqlParams): string {
    const fields = this.searchFieldsOf();
    const term = search.trim();
    if (term === '') return '1';
    if ([...term].length >= TRIGRAM) {
      const search = searchTableOf(this.name);
      return `seq IN (SELECT rowid FROM "${search}" WHERE "${search}" MATCH ${params.add(`"${term.replace(/"/g, '""')}"`)})`;
    }
    const pattern = `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    return fields.map((field) => `${fieldExpression('sqlite', field)} LIKE ${params.add(pattern)} ESCAPE '\\'`).join(' OR ');
  }

  private searchFieldsOf(): string[] {
    if (this.searchFields === undefined) {
      const row = this.store.statement('SELECT fields FROM shop_search_indexes WHERE collection = ?').get(this.name) as { fields: string } | undefined;
      this.searchFields = row ? (JSON.parse(row.fields) as string[]) : null;
    }
    if (!this.searchFields) throw new Error(`$text on ${this.name} needs a search index (createSearchIndex)`);
    return this.searchFields;
  }

  /** The matching documents, parsed, for a read-modify-write inside the current savepoint. */
  private select(filter: Filter, limit?: number): T[] {
    const { where, values } = this.where(filter);
    const rows = this.store.statement(`SELECT json(body) AS body FROM "${this.table}" WHERE ${where}${limit ? ` LIMIT ${limit}` : ''}`).all(...values) as { body: string }[];
    return rows.map((row) => parse<T>(row.body));
  }

  private modify(target: T, update: Update): boolean {
    if (!applyUpdate(target, update)) return false;
    this.mapDuplicates(() => this.store.statement(`UPDATE "${this.table}" SET body = jsonb(?) WHERE id = ?`).run(JSON.stringify(target), target._id));
    return true;
  }

  private upsert(filter: Filter, update: Update): Document {
    const created = upsertSeed(filter, update);
    this.mapDuplicates(() => this.store.statement(`INSERT INTO "${this.table}" (id, body) VALUES (?, jsonb(?))`).run(created._id, JSON.stringify(created)));
    return created;
  }

  private save(doc: T): void {
    this.mapDuplicates(() => this.store.statement(`INSERT INTO "${this.table}" (id, body) VALUES (?, jsonb(?)) ON CONFLICT (id) DO UPDATE SET body = excluded.body`).run(doc._id, JSON.stringify(doc)));
  }

  /** SQLite's unique violations as the port's DuplicateKeyError, naming the index's fields. */
  private mapDuplicates<R>(work: () => R): R {
    try {
      return work();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== 'SQLITE_CONSTRAINT_UNIQUE' && code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') throw error;
      const message = (error as Error).message;
      const index = /index '([^']+)'/.exec(message)?.[1];
      const fields = index ? index.replace(/^.*::(unique:)?/, '') : '_id';
      throw new DuplicateKeyError(this.name, fields, message);
    }
  }
}

function parse<T>(body: string): T {
  return JSON.parse(body) as T;
}
