import { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createApp } from '../../backend/src/app';
import { loadConfig } from '../../backend/src/config';
import { DEMO_ADMIN } from '../../backend/src/demo/demo-data.seeder';
import { createTestDatabase, TestDatabase } from './postgres';
import { testHashMemory } from './server-process';

export interface TestApp {
  app: NestExpressApplication;
  dataDir: string;
  /** A fresh cookie jar: one browser. */
  agent(): request.Agent;
  /** Stops the app, keeping its data for a restart. */
  stop(): Promise<void>;
  /** Stops the app and deletes its data. */
  close(): Promise<void>;
}

/** The database of each data folder, with TEST_STORAGE=postgres. */
const DATABASES = new Map<string, TestDatabase>();

/**
 * The real app on embedded stores in a temporary data folder of its own, so test files can run in
 * parallel. With TEST_STORAGE=postgres, on a PostgreSQL database of its own instead (made on the test
 * server, dropped by `close`), so the same suites prove the server adapters.
 */
export async function startTestApp(options: { dataDir?: string; env?: Record<string, string> } = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'shop-test-'));
  // A restart on the same data folder finds the same database.
  let database = DATABASES.get(dataDir) ?? null;
  if (!database && process.env.TEST_STORAGE === 'postgres' && !options.env?.DATABASE_URL) {
    database = await createTestDatabase();
    DATABASES.set(dataDir, database);
  }
  const env = { ...(database ? { DATABASE_URL: database.url } : {}), ...options.env };
  // Tests place hundreds of orders from one address; the per-client order limit and the hoarding bounds
  // (unpaid orders per buyer, share of a product) have tests of their own (test/security/hoarding.e2e.spec.ts).
  // Suites ship orders of buyers and guests who never verify their institution; verification before shipping
  // (on by default) has its own suites, which pass VERIFY_BEFORE_SHIPPING=true (test/api/verification.e2e.spec.ts).
  // Staff two-factor sign-in is optional here (it is required in production); test/api/two-factor.e2e.spec.ts passes STAFF_2FA=required.
  // Password hashes use 4 MiB instead of 64 (testHashMemory): the suites hash thousands of passwords.
  const app = await createApp(
    loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', STAFF_2FA: 'optional', ORDER_RATE_LIMIT: '1000000', UNPAID_ORDERS_PER_BUYER: 'off', VERIFY_BEFORE_SHIPPING: 'false', ...testHashMemory(env), ...env }),
  );
  await app.init();
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await app.close();
  };
  return {
    app,
    dataDir,
    agent: () => request.agent(app.getHttpServer()),
    stop,
    close: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
      DATABASES.delete(dataDir);
      await database?.drop();
    },
  };
}

export async function signUp(agent: request.Agent, overrides: Partial<{ fullName: string; email: string; password: string }> = {}) {
  const body = { fullName: 'Ada Lovelace', email: `ada-${Math.random().toString(36).slice(2)}@example.com`, password: 'secret-123', ...overrides };
  const response = await agent.post('/api/auth/signup').send(body).expect(201);
  return { ...body, user: response.body as { id: string; email: string; role: string } };
}

export async function signInAsAdmin(agent: request.Agent) {
  await agent.post('/api/auth/login').send({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }).expect(200);
}

/** Collects the answer's body as bytes (decoded from gzip or Brotli, as a browser would), whatever its type. */
export function bodyAsBytes(call: request.Test): request.Test {
  return call.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}
