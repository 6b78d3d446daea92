import { readFileSync } from 'node:fs';
import { ClientConfig, Pool, PoolClient, PoolConfig } from 'pg';

/** How the shop reaches its PostgreSQL database (DATABASE_URL and the settings beside it). */
export interface PostgresSettings {
  /** `postgres://user:password@host:5432/database`; TLS as its `sslmode` asks (`?sslmode=require`). */
  url: string;
  /** Connections per instance (the database's max_connections is shared by every instance). */
  poolSize: number;
  /** A CA bundle (PEM) to verify the server's certificate with, for a managed database with a private CA. */
  caFile: string | null;
}

export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

/**
 * Opens a pool and proves it works with one query, so a wrong DATABASE_URL stops the start with a plain
 * message naming the variable (the password is never repeated), instead of failing at the first request.
 */
export async function openPostgresPool(settings: PostgresSettings, applicationName: string): Promise<Pool> {
  const config: PoolConfig = {
    connectionString: settings.url,
    max: settings.poolSize,
    application_name: applicationName,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  };
  if (settings.caFile) config.ssl = { ca: readFileSync(settings.caFile, 'utf8'), rejectUnauthorized: true };
  const pool = new Pool(config);
  // An idle connection that the server drops (a restart, a failover) is reported here rather than crashing the process.
  pool.on('error', () => undefined);
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new DatabaseUnreachableError(`DATABASE_URL (${redacted(settings.url)}) cannot be reached: ${(error as Error).message}. Check the host, port, database name, user and password, and that the server accepts connections from this machine.`);
  }
  return pool;
}

/** The URL without its password, for messages and logs. */
export function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'an unparsable URL';
  }
}

/** Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Creates or migrates a schema once, however many instances start at the same moment: the statements run
 * in one transaction under an advisory lock named by `key`, so a second instance waits and then finds
 * everything in place (every statement must be idempotent: CREATE … IF NOT EXISTS).
 */
export async function migrate(pool: Pool, key: string, statements: string[]): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`shop-migration:${key}`]);
    for (const statement of statements) await client.query(statement);
  });
}

/** A PostgreSQL error's SQLSTATE code (`23505` unique violation, `40001` serialization failure…), or null. */
export function sqlState(error: unknown): string | null {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : null;
}

/**
 * The settings of one connection of its own, outside any pool (a LISTEN connection), reaching the server as
 * openPostgresPool's connections do. TCP keepalive lets a connection that silently died be noticed.
 */
export function postgresClientConfig(settings: PostgresSettings, applicationName: string): ClientConfig {
  const config: ClientConfig = {
    connectionString: settings.url,
    application_name: applicationName,
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
  };
  if (settings.caFile) config.ssl = { ca: readFileSync(settings.caFile, 'utf8'), rejectUnauthorized: true };
  return config;
}

/**
 * These settings with server parameters that every connection of a pool starts with (`{ synchronous_commit:
 * 'off' }`): they travel in each connection's start-up packet as the URL's `options` (libpq's `-c name=value`),
 * so they cost no round trip and hold for every connection the pool ever opens, the first one included.
 * Options the URL already has are kept. (PgBouncer refuses start-up options unless told to ignore them with
 * `ignore_startup_parameters = options`, and then they do not apply: set them on the role or the database.)
 */
export function withSessionParameters(settings: PostgresSettings, parameters: Record<string, string>): PostgresSettings {
  let url: URL;
  try {
    url = new URL(settings.url);
  } catch {
    // Not URL's own error: it would repeat the text, password included.
    throw new Error('DATABASE_URL is not a URL (postgres://user:password@host:5432/database)');
  }
  const added = Object.entries(parameters).map(([name, value]) => {
    if (!/^[a-z_][a-z0-9_.]*$/i.test(name) || !/^[a-z0-9_.-]+$/i.test(value)) throw new Error(`${name}=${value} is not a server parameter this helper passes on`);
    return `-c ${name}=${value}`;
  });
  url.searchParams.set('options', [url.searchParams.get('options'), ...added].filter(Boolean).join(' '));
  return { ...settings, url: url.toString() };
}
