import { ChildProcess, spawn } from 'node:child_process';
import { Logger } from '@nestjs/common';

/**
 * How much lower the hashing process's scheduling priority is than the server's (Unix nice, added to the
 * server's own, at most 19, the lowest). At 10 the kernel gives the server's own threads about ten times
 * its share whenever both want a core: a flood of sign-ins slows sign-ins, not the pages, scripts and
 * queries answered meanwhile.
 */
export const HASHING_NICE = 10;

type Request = { op: 'hash'; password: string; options: object } | { op: 'verify'; hash: string; password: string };
type Reply = { id: number; value?: string | boolean; error?: string };

/**
 * The child's program, plain JavaScript given to `node -e`, so that it runs alike from dist/ and from
 * the TypeScript sources under jest. It lowers its own priority before its thread pool exists (the
 * pool's threads inherit it), then hashes what it is sent, and exits when the server's channel closes
 * (the server stopped or was killed).
 */
function program(argon2Path: string): string {
  return `
const os = require('node:os');
try { os.setPriority(Math.min(19, os.getPriority() + ${HASHING_NICE})); } catch {}
const argon2 = require(${JSON.stringify(argon2Path)});
process.on('message', async ({ id, op, password, hash, options }) => {
  try {
    const value = op === 'hash' ? await argon2.hash(password, options) : await argon2.verify(hash, password);
    process.send({ id, value });
  } catch (error) {
    process.send({ id, error: String((error && error.message) || error) });
  }
});
process.on('disconnect', () => process.exit(0));
`;
}

/**
 * Password hashing in a child process of low priority (HASHING_NICE). Inside the server, each argon2
 * hash took a core at the server's own priority, and on a 2-core machine answers waited behind it.
 * Started at the first hash; started again after it died (the hashes then running fail and are not
 * retried: a sign-in is answered with an error, never with a wrong verdict).
 */
export class HashingProcess {
  private readonly logger = new Logger('PasswordHashing');
  private child: ChildProcess | null = null;
  private readonly pending = new Map<number, { resolve: (value: string | boolean) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private stopped = false;

  constructor(private readonly threads: number) {}

  run(request: Request): Promise<string | boolean> {
    if (this.stopped) return Promise.reject(new Error('Password hashing has stopped.'));
    const child = this.child ?? this.start();
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Keeps the server alive while a hash is under way; idle, the channel does not.
      child.channel?.ref();
      child.send({ id, ...request }, (error) => {
        if (error) this.settle({ id, error: `Password hashing is unavailable: ${error.message}` });
      });
    });
  }

  /** The child's process id while it runs (for tests and diagnostics). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  stop(): void {
    this.stopped = true;
    this.child?.kill();
    this.child = null;
  }

  private start(): ChildProcess {
    const child = spawn(process.execPath, ['-e', program(require.resolve('argon2'))], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, UV_THREADPOOL_SIZE: String(this.threads), NODE_OPTIONS: '' },
    });
    child.unref();
    child.channel?.unref();
    child.on('message', (reply: Reply) => this.settle(reply));
    child.on('error', (error) => this.died(child, error.message));
    child.on('exit', (code, signal) => this.died(child, `exit ${signal ?? code}`));
    this.child = child;
    return child;
  }

  private settle({ id, value, error }: Reply): void {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    if (this.pending.size === 0) this.child?.channel?.unref();
    if (error !== undefined) waiting.reject(new Error(error));
    else waiting.resolve(value!);
  }

  private died(child: ChildProcess, why: string): void {
    if (this.child !== child) return;
    this.child = null;
    if (!this.stopped) this.logger.error(`The password hashing process stopped (${why}); it starts again at the next sign-in`);
    for (const [id] of this.pending) this.settle({ id, error: 'Password hashing was interrupted.' });
  }
}
