export { createTestDatabase, postgresUnavailableReason, TEST_SERVER_URL } from './postgres-server';
export type { TestDatabase } from './postgres-server';

/**
 * `describe` when the server answers, otherwise a skipped suite whose reason is printed once. Jest cannot
 * decide synchronously, so the check runs before the suites are collected (test/support/global-setup.ts
 * writes the answer to the environment).
 */
export function describeWithPostgres(name: string, body: () => void): void {
  const reason = process.env.SHOP_TEST_POSTGRES_UNAVAILABLE;
  if (reason) {
    describe.skip(`${name} (skipped: ${reason})`, () => {
      it('needs PostgreSQL', () => undefined);
    });
    return;
  }
  describe(name, body);
}
