import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A busy CI machine can take long to start a shop; none should take this long. */
const START_DEADLINE_MS = 90_000;

/**
 * argon2id's memory per password hash in the suites: 4 MiB, a sixteenth of production's 64 MiB (PASSWORD_HASH_MEMORY_KIB),
 * unless `env` says otherwise. A start with NODE_ENV=production keeps production's (a production start refuses less);
 * test/api/identity.e2e.spec.ts and test/security/login-flood.e2e.spec.ts pass production's 65536 themselves.
 */
export function testHashMemory(env: Record<string, string>): Record<string, string> {
  return env.NODE_ENV === 'production' ? {} : { PASSWORD_HASH_MEMORY_KIB: '4096' };
}

export const BUILT_SERVER = join(process.cwd(), 'dist', 'backend', 'src', 'main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** kill -9: no shutdown hook runs. */
  crash(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves when the process has ended, however it ended. */
  exited: Promise<void>;
  /** What the process wrote to stderr so far (warnings and errors in tests). */
  output(): string;
}

/** The production build (`npm run build`) as its own process, as `npm start` runs it. */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  if (!existsSync(BUILT_SERVER)) throw new Error(`${BUILT_SERVER} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const child = spawn(process.execPath, [BUILT_SERVER], {
    // As in startTestApp: suites ship orders of unverified buyers; verification's own pass VERIFY_BEFORE_SHIPPING=true.
    // And as there, password hashes with 4 MiB (testHashMemory).
    env: {
      ...process.env,
      NODE_ENV: 'test',
      STAFF_2FA: 'optional',
      ORDER_RATE_LIMIT: '1000000',
      UNPAID_ORDERS_PER_BUYER: 'off',
      VERIFY_BEFORE_SHIPPING: 'false',
      ...testHashMemory(env),
      PORT: String(port),
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_DEADLINE_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`Server exited with ${child.exitCode ?? child.signalCode}: ${stderr}`);
    try {
      const response = await fetch(`${url}/api/categories`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running behind the failed test.
      child.kill('SIGKILL');
      await exited;
      throw new Error(`Server did not start within ${START_DEADLINE_MS / 1000} s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    crash: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    exited,
    output: () => stderr,
  };
}
