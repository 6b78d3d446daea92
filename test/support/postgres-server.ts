import { randomUUID } from 'node:crypto';
import { Client } from 'pg';

/**
 * The PostgreSQL server the tests and the bench use: TEST_DATABASE_URL, or the one every machine of this project runs
 * (127.0.0.1:5432, trust authentication). Each test file makes a database of its own and drops it.
 */
export const TEST_SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';

let availability: Promise<string | null> | null = null;

/** Null when the server answers; otherwise why not, for the skip message. */
export function postgresUnavailableReason(): Promise<string | null> {
  availability ??= (async () => {
    const client = new Client({ connectionString: TEST_SERVER_URL, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return null;
    } catch (error) {
      return `no PostgreSQL server answers at ${TEST_SERVER_URL} (${(error as Error).message}); set TEST_DATABASE_URL or start one`;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return availability;
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the test server; `drop` ends its connections and removes it. */
export async function createTestDatabase(prefix = 'shop_test'): Promise<TestDatabase> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await onServer((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(TEST_SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

async function onServer<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: TEST_SERVER_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
