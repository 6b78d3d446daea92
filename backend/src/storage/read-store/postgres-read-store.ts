import { createHash } from 'node:crypto';
import { escapeLiteral, Pool, PoolClient } from 'pg';
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
  UnsupportedQueryError,
  Update,
  UpdateOptions,
  UpdateResult,
} from './read-store.port';
import { compileFilter, compileSort, fieldExpression, SqlParams } from './sql/document-filter';
import { inTransaction, migrate, openPostgresPool, PostgresSettings, sqlState, withSessionParameters } from '../postgres/postgres-database';
import { scheduleTableUpkeep } from '../postgres/table-upkeep';

/**
 * `full`: a write resolves once its commit is flushed to the WAL (PostgreSQL's default: credentials,
 * sessions, rate limits; nothing can rebuild them). `rebuildable`: the store's connections run with
 * `synchronous_commit = off`, so a commit resolves before its WAL flush: a crash of the database server
 * (never of this process) may lose the last few hundred milliseconds of read models, which their
 * projectors then apply again from the event log. Nothing is ever half-written either way.
 */
export type PostgresDurability = 'full' | 'rebuildable';

export interface PostgresReadStoreOptions {
  /** The PostgreSQL schema holding this store's tables: `read_models`, `credentials`. */
  schema: string;
  durability: PostgresDurability;
}

/** A deadlock or serialization failure is retried this many times before it is reported. */
const ATTEMPTS = 5;
/**
 * An upsert whose insert met an _id inserted meanwhile reads again; when it meets one this often, the _id is
 * held by a document the filter does not match (a duplicate key, as MongoDB reports it).
 */
const UPSERT_ATTEMPTS = 3;
/** Statement texts whose prepared names are remembered (a few dozen shapes are in use). */
const STATEMENT_NAMES_KEPT = 1000;
/** Documents written back per UPDATE by updateMany. */
const UPDATE_BATCH = 500;
/** PostgreSQL's identifiers are at most 63 bytes (NAMEDATALEN - 1); longer ones would be cut short (with a mere notice), and could collide. */
const MAX_IDENTIFIER = 63;

const SQLSTATE_UNIQUE_VIOLATION = '23505';
const SQLSTATE_UNDEFINED_TABLE = '42P01';
/** Raised by the schema's shop_changed() when a batch's write that had to change a row changed none. */
const SQLSTATE_NO_ROW_CHANGED = 'SH001';
const RETRIED = new Set(['40P01', '40001']);

/**
 * A document store in PostgreSQL, one schema per store: a table per collection (`<schema>."c_<name>"`: the
 * document's `_id` in `id`, the whole document as JSONB in `body`), queried through SQL compiled from the
 * port's filters (sql/document-filter.ts, as the embedded store's), with btree expression indexes on the
 * fields collections ask to index and a pg_trgm GIN index for search. Several app instances share the
 * schema: every write is one statement or one transaction of its own, and DDL is serialised (see ddl()).
 *
 * Tables, indexes and search indexes are made on first use, by whichever instance gets there first:
 * PostgreSQL's `CREATE … IF NOT EXISTS` is not safe against a concurrent creation of the same name (it can
 * fail on a duplicate in pg_type or pg_class), so every DDL statement of a collection runs in a transaction
 * holding the collection's advisory lock, and is first looked for without it (an instance starting next to
 * a running one takes no lock and blocks no writes for indexes that exist).
 */
export class PostgresReadStore implements ReadStore {
  /** Many: a batch is one round trip, whose statements the server runs at about 45 µs each (a statement a round trip: about 220 µs). */
  readonly eventsPerBatch = 256;
  private readonly collections = new Map<string, PostgresCollection<Document>>();
  /** Unique index name → the fields it covers, joined by commas (also kept as the index's comment). */
  readonly indexFields = new Map<string, string>();
  private closing: Promise<void> | null = null;
  private readonly prepared = new WeakMap<PoolClient, Set<string>>();
  private readonly statementNames = new Map<string, string>();
  /** `"schema"`, quoted for SQL. */
  readonly quotedSchema: string;

  /** Planner statistics and dead rows kept in hand where the server's autovacuum is off (see table-upkeep.ts). */
  private readonly upkeep: { stop: () => Promise<void> };

  private constructor(
    readonly pool: Pool,
    readonly schema: string,
  ) {
    this.quotedSchema = `"${schema}"`;
    this.upkeep = scheduleTableUpkeep(pool, schema);
  }

  static async open(settings: PostgresSettings, options: PostgresReadStoreOptions): Promise<PostgresReadStore> {
    const { schema, durability } = options;
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`"${schema}" is not a schema name the read store uses (lower-case letters, digits and _, at most 63)`);
    const connection = durability === 'rebuildable' ? withSessionParameters(settings, { synchronous_commit: 'off' }) : settings;
    const pool = await openPostgresPool(connection, `shop-${schema.replace(/_/g, '-')}`);
    try {
      await migrate(pool, `read-store:${schema}`, schemaStatements(schema));
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return new PostgresReadStore(pool, schema);
  }

  collection<T extends Document = Document>(name: string): Collection<T> {
    let collection = this.collections.get(name);
    if (!collection) {
      assertCollectionName(name);
      collection = new PostgresCollection(name, this);
      this.collections.set(name, collection);
    }
    return collection as unknown as Collection<T>;
  }

  /**
   * The writes in one transaction. Each becomes one statement, and the lot is sent as one list, which PostgreSQL
   * runs as a transaction of its own (a single round trip: a page view's ten counters cost one instead of ten).
   * Statements of the same shape (a collection's counter moves) are prepared once per connection and executed
   * with their values (`EXECUTE name('…', …)`): a few hundred bytes each to send and nothing to plan again, where
   * the whole statement was about 1.5 kB (writing 2 MB lists to the socket took a third of the projection's time).
   * When a write cannot be one statement, or one changed no row where it had to, the list is rolled back and the
   * writes are made again one after another the general way, in a new transaction, which also reports any error.
   */
  async writeAll(writes: readonly BatchWrite[]): Promise<void> {
    if (writes.length === 0) return;
    const collections = writes.map((write) => this.collection(write.collection) as unknown as PostgresCollection<Document>);
    const statements = await Promise.all(writes.map((write, index) => collections[index].batchStatement(write)));
    if (statements.every((statement) => statement !== null) && (await this.sendList(statements as BatchStatement[]))) return;
    await this.transaction(async (client) => {
      for (const [index, write] of writes.entries()) {
        const collection = collections[index].on(client);
        if (write.kind === 'replace') await collection.replaceOne(write.document);
        else if (write.kind === 'delete') await collection.deleteMany(write.filter);
        else refuseUnlessMatched(write, await collection.updateOne(write.filter, write.update, { upsert: write.upsert }));
      }
    });
  }

  /**
   * The batch as one list of statements, sent at once: PostgreSQL runs a list as one transaction of its own, so
   * this is a single round trip. A write that must change a row and changes none raises (shop_changed), which
   * rolls the list back: false, and the batch is done the general way, as after a duplicate key (which the
   * general way reports). Run again after a deadlock or serialization failure, like every transaction here.
   */
  private sendList(statements: BatchStatement[]): Promise<boolean> {
    return this.retried(async () => {
      const client = await this.pool.connect();
      const prepared = this.preparedOn(client);
      try {
        const list: string[] = [];
        for (const statement of statements) {
          const sql = statement.changesRow ? `WITH changed AS (${statement.sql} RETURNING 1) SELECT ${this.quotedSchema}.shop_changed(count(*)) FROM changed` : statement.sql;
          const name = this.statementName(sql);
          if (!prepared.has(name)) {
            list.push(`PREPARE ${name} AS ${sql}`);
            prepared.add(name);
          }
          list.push(statement.values.length === 0 ? `EXECUTE ${name}` : `EXECUTE ${name}(${statement.values.map(literalOf).join(', ')})`);
        }
        await client.query(list.join(';\n'));
        return true;
      } catch (error) {
        // The list stopped at an error, after some of its PREPAREs (which outlive the rollback): none are kept, so that the next list prepares them all.
        prepared.clear();
        await client.query('DEALLOCATE ALL').catch(() => undefined);
        const state = sqlState(error);
        if (state === SQLSTATE_NO_ROW_CHANGED || state === SQLSTATE_UNIQUE_VIOLATION) return false;
        throw error;
      } finally {
        client.release();
      }
    });
  }

  /** A prepared statement's name: a hash of its text (kept for the shapes in use: hashing every statement of a list cost a tenth of it). */
  private statementName(sql: string): string {
    let name = this.statementNames.get(sql);
    if (!name) {
      if (this.statementNames.size >= STATEMENT_NAMES_KEPT) this.statementNames.clear();
      name = `shop_${hash(sql).slice(0, 24)}`;
      this.statementNames.set(sql, name);
    }
    return name;
  }

  /** The names of the statements prepared on this connection (a connection the pool opens anew has none). */
  private preparedOn(client: PoolClient): Set<string> {
    let names = this.prepared.get(client);
    if (!names) this.prepared.set(client, (names = new Set()));
    return names;
  }

  async dropCollection(name: string): Promise<void> {
    assertCollectionName(name);
    await this.ddl(name, async (client) => {
      await client.query(`DROP TABLE IF EXISTS ${this.table(name)}`);
      await client.query(`DELETE FROM ${this.quotedSchema}.shop_search_indexes WHERE collection = $1`, [name]);
    });
    this.collections.get(name)?.forget();
  }

  /** Ends the pool once the queries under way have finished; later calls wait for the same end. */
  close(): Promise<void> {
    this.closing ??= this.upkeep.stop().then(() => this.pool.end());
    return this.closing;
  }

  /** The collection's table, schema-qualified and quoted. */
  table(collection: string): string {
    return `${this.quotedSchema}."${tableNameOf(collection)}"`;
  }

  /** `work` in one transaction, run again (from its start) after a deadlock or a serialization failure. */
  transaction<R>(work: (client: PoolClient) => Promise<R>): Promise<R> {
    return this.retried(() => inTransaction(this.pool, work));
  }

  /** `attempt` run again (from its start) after a deadlock or a serialization failure, up to ATTEMPTS times. */
  private async retried<R>(attempt: () => Promise<R>): Promise<R> {
    for (let tries = 1; ; tries += 1) {
      try {
        return await attempt();
      } catch (error) {
        if (tries >= ATTEMPTS || !RETRIED.has(sqlState(error) ?? '')) throw error;
      }
    }
  }

  /**
   * DDL on one collection, in a transaction holding that collection's advisory lock: instances creating the
   * same table or index at the same moment take turns, and the second finds it made. (A lock per collection,
   * not per schema: building an index on a large collection holds up no other collection's first use.)
   */
  ddl(collection: string, work: (client: PoolClient) => Promise<void>): Promise<void> {
    return this.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`shop-read-store:${this.schema}.${collection}`]);
      await work(client);
    });
  }

  /** The schema pg_trgm is installed in (its operator classes are named through it), or null without it. */
  async trigramSchema(client: PoolClient): Promise<string | null> {
    const { rows } = await client.query<{ schema: string }>("SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'");
    return rows[0]?.schema ?? null;
  }
}

/**
 * The schema and its own table, made once under migrate()'s lock. pg_trgm is a database-wide extension: it is
 * created under a lock of its own (the read models' and the credentials' migrations may run at the same
 * moment), in a block whose failure is only a notice: on a server that cannot create it, search answers
 * by scanning the collection.
 */
function schemaStatements(schema: string): string[] {
  return [
    // Not CREATE SCHEMA IF NOT EXISTS: that asks for the CREATE privilege on the database even when the schema exists (made beforehand for a role without it).
    `DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = '${schema}') THEN CREATE SCHEMA "${schema}"; END IF; END $$`,
    `CREATE TABLE IF NOT EXISTS "${schema}".shop_search_indexes (collection TEXT COLLATE "C" PRIMARY KEY, fields JSONB NOT NULL)`,
    // A batch's write that must change a row raises through this when it changed none, rolling its list back (see writeAll).
    `CREATE OR REPLACE FUNCTION "${schema}".shop_changed(rows bigint) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      IF rows = 0 THEN RAISE EXCEPTION 'a batch write changed no row' USING ERRCODE = '${SQLSTATE_NO_ROW_CHANGED}'; END IF;
    END
    $$`,
    `DO $$
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtext('shop-migration:pg_trgm'));
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'pg_trgm cannot be created (%): search scans instead of using a trigram index', SQLERRM;
    END
    $$`,
  ];
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/** `c_<name>`, or for a name too long for PostgreSQL, its first characters and a hash of the whole. */
function tableNameOf(collection: string): string {
  const name = `c_${collection}`;
  return name.length <= MAX_IDENTIFIER ? name : `c_${collection.slice(0, MAX_IDENTIFIER - 11)}_${hash(collection).slice(0, 8)}`;
}

/** Index names are hashes of what they index (a name carrying the fields could exceed 63 bytes). */
const indexNameOf = (collection: string, keys: [string, 1 | -1][], unique: boolean) => `ix_${hash(JSON.stringify([collection, keys, unique])).slice(0, 24)}`;
/** The trigram index on the search column (`sc_`); `sx_` named the earlier index on the expression itself, dropped when found. */
const searchIndexNameOf = (collection: string, fields: readonly string[]) => `sc_${hash(JSON.stringify([collection, fields])).slice(0, 24)}`;
const expressionIndexNameOf = (collection: string, fields: readonly string[]) => `sx_${hash(JSON.stringify([collection, fields])).slice(0, 24)}`;
/**
 * The column holding each document's search text (searchExpression), generated and stored by PostgreSQL on every
 * write, whatever path the write takes. A search reads this column, not the expression: the expression costs
 * about 3 µs a row (the fields out of the JSONB, lower() of the description) where the planner counts a few
 * operators, so it chose a sequential scan over the trigram index for every term (27 ms at 10,000 products,
 * where the index answers in 1-2 ms); over the stored text both estimates and a scan are right and cheap.
 */
const SEARCH_COLUMN = 'shop_search';

/**
 * The search column's value: the fields' text, lower-cased, separated by a character taken out of every term
 * (\u0001), so a match never spans two fields. Only immutable functions (concat_ws is not), as a generated column asks.
 */
function searchExpression(fields: readonly string[]): string {
  return `lower(${fields.map((field) => `coalesce(${fieldExpression('postgres', field)} #>> '{}', '')`).join(' || chr(1) || ')})`;
}

function mentionsText(filter: Filter): boolean {
  return Object.entries(filter).some(
    ([key, value]) => key === '$text' || ((key === '$and' || key === '$or') && Array.isArray(value) && value.some((part) => typeof part === 'object' && part !== null && mentionsText(part as Filter))),
  );
}

interface Modification<T> {
  matchedCount: number;
  modifiedCount: number;
  upsertedId: string | null;
  /** The (first) document as written, for findOneAndUpdate. */
  document: T | null;
}

/**
 * An update by `_id` that one statement can make: `$set`, `$inc`, `$max` and `$min` of fields or dotted paths
 * through embedded objects (none inside another), with any other conditions of the filter (a counter's
 * `_position: { $lt }`, say) checked on the row as it is. The statement changes a row only when it can make
 * exactly the change applyUpdate would (an `$inc` of a field that holds a number, null or nothing; `$max` and
 * `$min` of a field of the value's type, null or nothing; objects or nothing on the way to a dotted field;
 * the document actually changing, for updateOne's modifiedCount); otherwise it changes nothing and the
 * operation is done the general way, which also reports the errors.
 */
interface FastUpdate {
  id: string;
  /** The filter without `_id`. */
  conditions: Filter;
  changes: FieldChange[];
}

type FastOperator = '$set' | '$inc' | '$max' | '$min';
interface FieldChange {
  path: string[];
  operator: FastOperator;
  value: unknown;
}

const PLAIN_FIELD = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const FAST_OPERATORS = new Set<string>(['$set', '$inc', '$max', '$min']);

function fastUpdateOf(filter: Filter, update: Update): FastUpdate | null {
  if (typeof filter._id !== 'string' || mentionsText(filter)) return null;
  const { _id, ...conditions } = filter;
  const changes: FieldChange[] = [];
  for (const [operator, fields] of Object.entries(update)) {
    if (!FAST_OPERATORS.has(operator) || typeof fields !== 'object' || fields === null || Array.isArray(fields)) return null;
    for (const [field, value] of Object.entries(fields as Record<string, unknown>)) {
      const path = field.split('.');
      if (field === '_id' || !path.every((part) => PLAIN_FIELD.test(part))) return null;
      if (operator === '$set' && value === undefined) return null;
      if (operator === '$inc' && (typeof value !== 'number' || !Number.isFinite(value))) return null;
      if ((operator === '$max' || operator === '$min') && typeof value !== 'string' && (typeof value !== 'number' || !Number.isFinite(value))) return null;
      changes.push({ path, operator: operator as FastOperator, value });
    }
  }
  if (changes.length === 0) return null;
  // Two changes of one field, or of a field and a field inside it: the general path says what MongoDB would.
  const joined = changes.map((change) => change.path.join('.'));
  if (joined.some((path, index) => joined.some((other, at) => at !== index && (other === path || other.startsWith(`${path}.`))))) return null;
  return { id: _id, conditions, changes };
}

/** The fields a FastUpdate changes under one object: a change at a leaf, or the changes inside an embedded object. */
type ChangeTree = Map<string, FieldChange | ChangeTree>;

function changeTree(changes: FieldChange[]): ChangeTree {
  const root: ChangeTree = new Map();
  for (const change of changes) {
    let node = root;
    change.path.slice(0, -1).forEach((part) => {
      let next = node.get(part);
      if (!(next instanceof Map)) node.set(part, (next = new Map()));
      node = next;
    });
    node.set(change.path[change.path.length - 1], change);
  }
  return root;
}

/**
 * The SQL of a FastUpdate over the row `t`: the document it becomes, and the conditions under which that is
 * exactly applyUpdate's change. Every value is read from the row as it was (`t.body`), as in MongoDB.
 */
function fastChangeSql(fast: FastUpdate, params: SqlParams): { next: string; conditions: string[] } {
  const conditions = [compileFilter(fast.conditions, { dialect: 'postgres', params, column: 't.body' })];
  const at = (path: string[]) => `(t.body${path.map((part) => `->'${part}'`).join('')})`;
  const objectAfter = (tree: ChangeTree, path: string[]): string => {
    const current = path.length === 0 ? 't.body' : `(CASE WHEN jsonb_typeof(${at(path)}) = 'object' THEN ${at(path)} ELSE '{}'::jsonb END)`;
    const fields = [...tree].map(([key, child]) => {
      const childPath = [...path, key];
      if (child instanceof Map) {
        // An object, nothing or null on the way (applyUpdate makes an object of the last two).
        conditions.push(`coalesce(jsonb_typeof(${at(childPath)}) IN ('object', 'null'), TRUE)`);
        return `'${key}', ${objectAfter(child, childPath)}`;
      }
      return `'${key}', ${leafAfter(child, at(childPath))}`;
    });
    return `(${current} || jsonb_build_object(${fields.join(', ')}))`;
  };
  const leafAfter = (change: FieldChange, field: string): string => {
    switch (change.operator) {
      case '$set':
        return `${params.add(JSON.stringify(change.value))}::jsonb`;
      case '$inc':
        conditions.push(`coalesce(jsonb_typeof(${field}) IN ('number', 'null'), TRUE)`);
        return `to_jsonb(CASE WHEN jsonb_typeof(${field}) = 'number' THEN (${field} #>> '{}')::float8 ELSE 0 END + ${params.add(change.value)}::float8)`;
      case '$max':
      case '$min': {
        const type = typeof change.value === 'string' ? 'string' : 'number';
        conditions.push(`coalesce(jsonb_typeof(${field}) IN ('${type}', 'null'), TRUE)`);
        const value = `${params.add(JSON.stringify(change.value))}::jsonb`;
        const operator = change.operator === '$max' ? '>' : '<';
        // Strings by their characters' code points, as the embedded store and JavaScript compare them (not the database's collation).
        const beyond = type === 'string' ? `(${value} #>> '{}') COLLATE "C" ${operator} (${field} #>> '{}') COLLATE "C"` : `${value} ${operator} ${field}`;
        return `(CASE WHEN jsonb_typeof(${field}) IS DISTINCT FROM '${type}' OR ${beyond} THEN ${value} ELSE ${field} END)`;
      }
    }
  };
  const next = objectAfter(changeTree(fast.changes), []);
  return { next, conditions };
}

class PostgresCollection<T extends Document> implements Collection<T> {
  private readonly table: string;
  private ready: Promise<void> | null = null;
  /** The fields of the search index, once known (createSearchIndex, or read from the schema's metadata). */
  private searchFields: string[] | null = null;

  constructor(
    private readonly name: string,
    private readonly store: PostgresReadStore,
    /** The connection of a batch's transaction (writeAll) its writes belong to; the pool otherwise. */
    private readonly connection: PoolClient | null = null,
  ) {
    this.table = store.table(name);
  }

  private get db(): Pool | PoolClient {
    return this.connection ?? this.store.pool;
  }

  /** The same collection, its reads and writes made on this connection (in its transaction). */
  on(connection: PoolClient): PostgresCollection<T> {
    const view = new PostgresCollection<T>(this.name, this.store, connection);
    view.ready = this.ready;
    view.searchFields = this.searchFields;
    return view;
  }

  /** replaceOne's statement: the document with this _id, inserted or written over whole. */
  private get replaceSql(): string {
    return `INSERT INTO ${this.table} (id, body) VALUES ($1, $2::jsonb) ON CONFLICT (id) DO UPDATE SET body = EXCLUDED.body`;
  }

  forget(): void {
    this.ready = null;
    this.searchFields = null;
  }

  findOne(filter: Filter): Promise<T | null> {
    return this.withTable(async () => {
      const { where, values } = await this.where(filter);
      const { rows } = await this.db.query<{ body: T }>(`SELECT body FROM ${this.table} WHERE ${where} LIMIT 1`, values);
      return rows[0]?.body ?? null;
    });
  }

  find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    return this.withTable(async () => {
      const { where, values } = await this.where(filter);
      let sql = `SELECT body FROM ${this.table} WHERE ${where}`;
      if (options.sort && Object.keys(options.sort).length > 0) sql += ` ORDER BY ${compileSort(options.sort, 'postgres')}`;
      if (options.limit) sql += ` LIMIT ${Math.floor(options.limit)}`;
      if (options.skip) sql += ` OFFSET ${Math.floor(options.skip)}`;
      const { rows } = await this.db.query<{ body: T }>(sql, values);
      return rows.map((row) => row.body);
    });
  }

  count(filter: Filter, options: CountOptions = {}): Promise<number> {
    return this.withTable(async () => {
      const { where, values } = await this.where(filter);
      const sql =
        options.limit === undefined
          ? `SELECT count(*)::float8 AS n FROM ${this.table} WHERE ${where}`
          : `SELECT count(*)::float8 AS n FROM (SELECT 1 FROM ${this.table} WHERE ${where} LIMIT ${Math.max(0, Math.floor(options.limit))}) AS matches`;
      const { rows } = await this.db.query<{ n: number }>(sql, values);
      return rows[0].n;
    });
  }

  insertOne(doc: T): Promise<void> {
    return this.writing(async () => {
      await this.db.query(`INSERT INTO ${this.table} (id, body) VALUES ($1, $2::jsonb)`, [doc._id, JSON.stringify(doc)]);
    });
  }

  replaceOne(doc: T): Promise<void> {
    return this.writing(async () => {
      await this.db.query(this.replaceSql, [doc._id, JSON.stringify(doc)]);
    });
  }

  updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    return this.writing(async () => {
      const upsert = options.upsert === true;
      const fast = fastUpdateOf(filter, update);
      const made = fast ? await this.fastUpdate(fast, filter, update, upsert, 'updateOne') : null;
      const { matchedCount, modifiedCount, upsertedId } = made ?? (await this.modify(filter, update, 'one', upsert));
      return { matchedCount, modifiedCount, upsertedId };
    });
  }

  updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    return this.writing(async () => {
      const { matchedCount, modifiedCount } = await this.modify(filter, update, 'many', false);
      return { matchedCount, modifiedCount, upsertedId: null };
    });
  }

  findOneAndUpdate(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<T | null> {
    return this.writing(async () => {
      const upsert = options.upsert === true;
      const fast = fastUpdateOf(filter, update);
      const made = fast ? await this.fastUpdate(fast, filter, update, upsert, 'findOneAndUpdate') : null;
      return (made ?? (await this.modify(filter, update, 'one', upsert))).document;
    });
  }

  deleteOne(filter: Filter): Promise<number> {
    return this.writing(async () => {
      const { where, values } = await this.where(filter);
      // The row is locked, and checked again against the filter, before it goes: a concurrent change that makes it stop matching wins.
      const { rowCount } = await this.db.query(`DELETE FROM ${this.table} WHERE id = (SELECT id FROM ${this.table} WHERE ${where} LIMIT 1 FOR UPDATE)`, values);
      return rowCount ?? 0;
    });
  }

  deleteMany(filter: Filter): Promise<number> {
    return this.writing(async () => {
      const { where, values } = await this.where(filter);
      const { rowCount } = await this.db.query(`DELETE FROM ${this.table} WHERE ${where}`, values);
      return rowCount ?? 0;
    });
  }

  /**
   * A btree on the fields' expressions, written as the filter translator writes them (`_id` is the id column),
   * missing values first going up as MongoDB sorts them; scanned backwards it serves the opposite sort too.
   */
  async createIndex(keys: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<void> {
    const entries = Object.entries(keys);
    if (entries.length === 0) throw new UnsupportedQueryError('An index needs at least one field');
    const unique = options.unique === true;
    const fields = entries.map(([field]) => field).join(',');
    const columns = entries.map(([field, direction]) => `${field === '_id' ? 'id' : fieldExpression('postgres', field)} ${direction === -1 ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}`);
    const name = indexNameOf(this.name, entries, unique);
    if (unique) this.store.indexFields.set(name, fields);
    return this.withTable(async () => {
      if (await this.exists(name)) return;
      try {
        await this.store.ddl(this.name, async (client) => {
          await client.query(`CREATE ${unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS "${name}" ON ${this.table} (${columns.join(', ')})`);
          // Field paths hold no quote (fieldExpression refuses them); the comment lets any instance name the fields of a violation.
          await client.query(`COMMENT ON INDEX ${this.store.quotedSchema}."${name}" IS '${fields}'`);
        });
      } catch (error) {
        // Building a unique index over documents that already collide.
        if (sqlState(error) === SQLSTATE_UNIQUE_VIOLATION) throw new DuplicateKeyError(this.name, fields, (error as { detail?: string }).detail ?? (error as Error).message);
        throw error;
      }
    });
  }

  /**
   * The fields' lower-cased text as a stored generated column (SEARCH_COLUMN) with a pg_trgm GIN index on it, and
   * the fields recorded in the schema's shop_search_indexes, so that every instance answers `$text` the same way
   * after a restart. A different set of fields replaces the column and its index (adding the column rewrites the
   * table once, under its lock). Without pg_trgm the column is made all the same: a search scans it.
   */
  async createSearchIndex(fields: readonly string[]): Promise<void> {
    if (fields.length === 0) throw new UnsupportedQueryError('A search index needs at least one field');
    for (const field of fields) fieldExpression('postgres', field);
    const wanted = [...fields];
    const name = searchIndexNameOf(this.name, wanted);
    const metadata = `${this.store.quotedSchema}.shop_search_indexes`;
    return this.withTable(async () => {
      const current = await this.db.query<{ fields: string[] | null; indexed: boolean; column: boolean; trigrams: boolean }>(
        `SELECT (SELECT fields FROM ${metadata} WHERE collection = $1) AS fields, to_regclass($2) IS NOT NULL AS indexed,
          EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass($3) AND attname = $4 AND NOT attisdropped) AS column,
          EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS trigrams`,
        [this.name, `${this.store.quotedSchema}."${name}"`, this.table, SEARCH_COLUMN],
      );
      const { fields: recorded, indexed, column, trigrams } = current.rows[0];
      if (JSON.stringify(recorded) === JSON.stringify(wanted) && column && (indexed || !trigrams)) {
        this.searchFields = wanted;
        return;
      }
      await this.store.ddl(this.name, async (client) => {
        const { rows } = await client.query<{ fields: string[] }>(`SELECT fields FROM ${metadata} WHERE collection = $1`, [this.name]);
        const previous = rows[0]?.fields;
        if (previous) await client.query(`DROP INDEX IF EXISTS ${this.store.quotedSchema}."${expressionIndexNameOf(this.name, previous)}"`);
        if (previous && JSON.stringify(previous) !== JSON.stringify(wanted)) await client.query(`ALTER TABLE ${this.table} DROP COLUMN IF EXISTS ${SEARCH_COLUMN}`);
        await client.query(`ALTER TABLE ${this.table} ADD COLUMN IF NOT EXISTS ${SEARCH_COLUMN} TEXT GENERATED ALWAYS AS (${searchExpression(wanted)}) STORED`);
        const trigramSchema = await this.store.trigramSchema(client);
        // A short pending list (64 kB, the least; 4 MB by default): new entries wait there unsorted until it fills, and while it
        // holds many pages the planner prices the index above a scan of the table (10,000 new products: a scan chosen, 27× slower).
        if (trigramSchema) await client.query(`CREATE INDEX IF NOT EXISTS "${name}" ON ${this.table} USING gin (${SEARCH_COLUMN} "${trigramSchema}".gin_trgm_ops) WITH (gin_pending_list_limit = 64)`);
        await client.query(`INSERT INTO ${metadata} (collection, fields) VALUES ($1, $2::jsonb) ON CONFLICT (collection) DO UPDATE SET fields = EXCLUDED.fields`, [this.name, JSON.stringify(wanted)]);
      });
      // The planner's statistics of the new column: without them it guesses how many documents a term matches.
      await this.db.query(`ANALYZE ${this.table}`);
      this.searchFields = wanted;
    });
  }

  /** Makes the table on first use (any instance may be doing the same), and again if another instance dropped it meanwhile. */
  private async withTable<R>(work: () => Promise<R>): Promise<R> {
    await this.ensureTable();
    try {
      return await work();
    } catch (error) {
      if (sqlState(error) !== SQLSTATE_UNDEFINED_TABLE) throw error;
      this.forget();
      await this.ensureTable();
      return work();
    }
  }

  /** A write: on its table, its unique violations told as DuplicateKeyError naming the index's fields. */
  private writing<R>(work: () => Promise<R>): Promise<R> {
    return this.withTable(async () => {
      try {
        return await work();
      } catch (error) {
        if (sqlState(error) !== SQLSTATE_UNIQUE_VIOLATION) throw error;
        const { constraint, detail } = error as { constraint?: string; detail?: string };
        throw new DuplicateKeyError(this.name, await this.fieldsOfConstraint(constraint), detail ?? (error as Error).message);
      }
    });
  }

  private ensureTable(): Promise<void> {
    this.ready ??= (async () => {
      if (await this.exists(tableNameOf(this.name))) return;
      await this.store.ddl(this.name, async (client) => {
        await client.query(`CREATE TABLE IF NOT EXISTS ${this.table} (id TEXT COLLATE "C" PRIMARY KEY, body JSONB NOT NULL)`);
      });
    })().catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  /** Whether a table or index of this name is in the schema (looked up without any lock). */
  private async exists(relation: string): Promise<boolean> {
    const { rows } = await this.db.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [`${this.store.quotedSchema}."${relation}"`]);
    return rows[0].present;
  }

  /** The fields of the unique index a violation names: this store's map, else the index's comment; the primary key (`c_…_pkey`) is `_id`. */
  private async fieldsOfConstraint(constraint: string | undefined): Promise<string> {
    if (!constraint?.startsWith('ix_')) return '_id';
    const known = this.store.indexFields.get(constraint);
    if (known) return known;
    // On the pool, not a batch's connection: after the violation its transaction takes no more statements.
    const { rows } = await this.store.pool.query<{ fields: string | null }>("SELECT obj_description(to_regclass($1), 'pg_class') AS fields", [`${this.store.quotedSchema}."${constraint}"`]);
    const fields = rows[0]?.fields ?? '_id';
    if (fields !== '_id') this.store.indexFields.set(constraint, fields);
    return fields;
  }

  private async where(filter: Filter, params = new SqlParams('postgres')): Promise<{ where: string; values: unknown[] }> {
    const fields = mentionsText(filter) ? await this.searchFieldsOf() : null;
    const where = compileFilter(filter, { dialect: 'postgres', params, text: (search, textParams) => this.textCondition(fields, search, textParams) });
    return { where, values: params.values };
  }

  /**
   * A case-insensitive substring of any of the fields: LIKE on the search column, so the trigram index answers
   * terms of three characters or more; shorter ones (no trigram to look up) scan the column, with the same SQL.
   */
  private textCondition(fields: string[] | null, search: string, params: SqlParams): string {
    if (!fields) throw new Error(`$text on ${this.name} needs a search index (createSearchIndex)`);
    // The fields' separator is no part of a term (it would let a match span two fields).
    const term = search.replace(/\u0001/g, '').trim();
    if (term === '') return 'TRUE';
    const pattern = `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    return `${SEARCH_COLUMN} LIKE lower(${params.add(pattern)})`;
  }

  private async searchFieldsOf(): Promise<string[] | null> {
    if (!this.searchFields) {
      const { rows } = await this.db.query<{ fields: string[] }>(`SELECT fields FROM ${this.store.quotedSchema}.shop_search_indexes WHERE collection = $1`, [this.name]);
      this.searchFields = rows[0]?.fields ?? null;
    }
    return this.searchFields;
  }

  /**
   * The general update: in one transaction, the matching rows are read and locked (SELECT … FOR UPDATE;
   * several in _id order, so two updateMany cannot deadlock), changed by applyUpdate as the embedded store
   * changes them, and written back. An upsert that finds nothing inserts with ON CONFLICT DO NOTHING; when
   * another writer inserted that _id first (the insert waited for its commit), the rows are read again and
   * the update applies to the one now there.
   */
  private async modify(filter: Filter, update: Update, scope: 'one' | 'many', upsert: boolean): Promise<Modification<T>> {
    const { where, values } = await this.where(filter);
    const select = `SELECT body FROM ${this.table} WHERE ${where}${scope === 'one' ? ' LIMIT 1' : ' ORDER BY id'} FOR UPDATE`;
    return this.inTransaction(async (client) => {
      for (let attempt = 1; ; attempt += 1) {
        const { rows } = await client.query<{ body: T }>(select, values);
        if (rows.length > 0 || !upsert) {
          const changed = rows.map((row) => row.body).filter((doc) => applyUpdate(doc, update));
          const written = changed.map((doc) => JSON.stringify(doc));
          if (written.length === 1) {
            await client.query(`UPDATE ${this.table} SET body = $2::jsonb WHERE id = $1`, [changed[0]._id, written[0]]);
          } else {
            for (let start = 0; start < written.length; start += UPDATE_BATCH) {
              await client.query(`UPDATE ${this.table} AS t SET body = v.body FROM jsonb_array_elements($1::jsonb) AS v(body) WHERE t.id = v.body->>'_id'`, [
                `[${written.slice(start, start + UPDATE_BATCH).join(',')}]`,
              ]);
            }
          }
          const first = rows[0] ? (changed[0] === rows[0].body ? (JSON.parse(written[0]) as T) : rows[0].body) : null;
          return { matchedCount: rows.length, modifiedCount: changed.length, upsertedId: null, document: first };
        }
        const created = upsertSeed(filter, update);
        const text = JSON.stringify(created);
        const inserted = await client.query(`INSERT INTO ${this.table} (id, body) VALUES ($1, $2::jsonb) ON CONFLICT (id) DO NOTHING`, [created._id, text]);
        if (inserted.rowCount === 1) return { matchedCount: 0, modifiedCount: 0, upsertedId: created._id, document: JSON.parse(text) as T };
        if (attempt >= UPSERT_ATTEMPTS) throw new DuplicateKeyError(this.name, '_id', created._id);
      }
    });
  }

  /** `work` in a transaction of its own, or in the batch's this view belongs to. */
  private inTransaction<R>(work: (client: PoolClient) => Promise<R>): Promise<R> {
    return this.connection ? work(this.connection) : this.store.transaction(work);
  }

  /**
   * One statement for an update by _id (see FastUpdate): an UPDATE, or for an upsert an INSERT … ON CONFLICT (id)
   * DO UPDATE, which PostgreSQL makes atomic against concurrent inserts of the same _id. Null when it changed
   * nothing, or could not: the general path then decides. (Not in a batch's transaction, where a failed
   * statement would end the transaction: the batch does its writes the general way; see writeAll.)
   */
  private async fastUpdate(fast: FastUpdate, filter: Filter, update: Update, upsert: boolean, kind: 'updateOne' | 'findOneAndUpdate'): Promise<Modification<T> | null> {
    if (this.connection) return null;
    const statement = this.fastStatement(fast, filter, update, upsert, kind);
    if (!statement) return null;
    const { sql, values } = statement;
    let rows: { body?: T; inserted: boolean }[];
    try {
      ({ rows } = await this.db.query<{ body?: T; inserted: boolean }>(sql, values));
    } catch (error) {
      // A duplicate in a unique index is the answer; anything else (a value PostgreSQL cannot hold, say) is left to the general path, which reports it as the embedded store would.
      if (sqlState(error) === SQLSTATE_UNIQUE_VIOLATION || sqlState(error) === SQLSTATE_UNDEFINED_TABLE) throw error;
      return null;
    }
    if (rows.length === 0) return null;
    const inserted = upsert && rows[0].inserted;
    return inserted
      ? { matchedCount: 0, modifiedCount: 0, upsertedId: fast.id, document: rows[0].body ?? null }
      : { matchedCount: 1, modifiedCount: 1, upsertedId: null, document: rows[0].body ?? null };
  }

  /** The SQL of fastUpdate (null when an upsert has no document to start from); `batch`: no RETURNING, no check that the document changes. */
  private fastStatement(fast: FastUpdate, filter: Filter, update: Update, upsert: boolean, kind: 'updateOne' | 'findOneAndUpdate' | 'batch'): { sql: string; values: unknown[] } | null {
    let seed: string | null = null;
    if (upsert) {
      try {
        seed = JSON.stringify(upsertSeed(filter, update));
      } catch {
        return null;
      }
    }
    const params = new SqlParams('postgres');
    const id = params.add(fast.id);
    const { next, conditions } = fastChangeSql(fast, params);
    conditions.unshift(`t.id = ${id}`);
    if (kind === 'updateOne') conditions.push(`t.body IS DISTINCT FROM ${next}`);
    const returning = kind === 'batch' ? '' : kind === 'updateOne' ? ' RETURNING (t.xmax = 0) AS inserted' : ' RETURNING t.body, (t.xmax = 0) AS inserted';
    const sql = upsert
      ? `INSERT INTO ${this.table} AS t (id, body) VALUES (${id}, ${params.add(seed)}::jsonb) ON CONFLICT (id) DO UPDATE SET body = ${next} WHERE ${conditions.join(' AND ')}${returning}`
      : `UPDATE ${this.table} AS t SET body = ${next} WHERE ${conditions.join(' AND ')}${returning}`;
    return { sql, values: params.values };
  }

  /** A batch's write as one statement and its values (see BatchStatement); null when the write needs the general way. */
  async batchStatement(write: BatchWrite): Promise<BatchStatement | null> {
    await this.ensureTable();
    // A replacement always writes its row.
    if (write.kind === 'replace') return { sql: this.replaceSql, values: [write.document._id, JSON.stringify(write.document)], changesRow: false };
    if (write.kind === 'delete') {
      const { where, values } = await this.where(write.filter);
      return { sql: `DELETE FROM ${this.table} WHERE ${where}`, values, changesRow: false };
    }
    const fast = fastUpdateOf(write.filter, write.update);
    const statement = fast ? this.fastStatement(fast, write.filter, write.update, write.upsert === true, 'batch') : null;
    return statement ? { ...statement, changesRow: true } : null;
  }
}

/**
 * A batch's write as one statement of the list (see writeAll), and whether it must change a row: an update that
 * changes none may have met a document it cannot change in one statement, and the batch is then done the general way.
 */
interface BatchStatement {
  sql: string;
  values: unknown[];
  changesRow: boolean;
}

/** A value as a literal of an EXECUTE: the text a parameter would send (an array as PostgreSQL's array literal), typed by its place in the statement. */
function literalOf(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value)) return escapeLiteral(`{${value.map((element) => `"${String(element).replace(/[\\"]/g, (character) => `\\${character}`)}"`).join(',')}}`);
  return escapeLiteral(String(value));
}

