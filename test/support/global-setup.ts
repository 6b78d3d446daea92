import { postgresUnavailableReason } from './postgres';

/**
 * Runs once before every test file: finds out which database servers the server-adapter suites can use,
 * and says which will be skipped and why (Jest shows nothing of a skipped suite's own output).
 */
export default async function globalSetup(): Promise<void> {
  const postgres = await postgresUnavailableReason();
  if (postgres) process.env.SHOP_TEST_POSTGRES_UNAVAILABLE = postgres;
  const lines = [
    postgres ? `PostgreSQL suites: skipped, ${postgres}` : `PostgreSQL suites: running against ${process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432'} (a database of their own each)`,
    process.env.EVENTSTORE_URL ? `KurrentDB suites: running against ${process.env.EVENTSTORE_URL}` : 'KurrentDB suites: skipped, EVENTSTORE_URL is not set (no KurrentDB server on this machine)',
    process.env.MONGODB_URL ? `MongoDB suites: running against ${process.env.MONGODB_URL}` : 'MongoDB suites: skipped, MONGODB_URL is not set (no MongoDB server on this machine)',
  ];
  process.stdout.write(`\n${lines.join('\n')}\n`);
}
