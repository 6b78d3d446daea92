import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import * as argon2 from 'argon2';
import { availableParallelism } from 'node:os';
import { APP_CONFIG, AppConfig, PRODUCTION_HASH_MEMORY_KIB } from '../../config';
import { TooManyRequestsError } from '../../shared/errors';
import { HashingProcess } from './hashing-process';

/**
 * Password hashes computed at the same time. Each argon2id hash takes 64 MiB and a core for about a
 * tenth of a second. It runs in a child process of low priority (HashingProcess) with this many
 * threads, half the cores, so the server keeps a core for its event loop during a flood of sign-ins;
 * inside the server, hashes on libuv's pool once made `index.html` wait seconds.
 */
export const HASHING_THREADS = Math.max(1, Math.floor(availableParallelism() / 2));
/** Logins waiting for the lane beyond this are refused at once (429) rather than queued for seconds. */
const MAX_WAITING = 64;

/**
 * argon2id with 64 MiB and three passes (RFC 9106's second recommended option) on **one lane**.
 * node-argon2 starts one thread per lane: with its default of four, each hash took every core of a
 * 2-core machine, whatever the width of the lane above, and answers in between waited for the CPU.
 * Hashes stored with other parameters are verified as they are and replaced at the next sign-in.
 */
export const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: PRODUCTION_HASH_MEMORY_KIB, timeCost: 3, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher implements OnApplicationShutdown {
  private readonly process = new HashingProcess(HASHING_THREADS);
  /** HASH_OPTIONS, with less memory only where a test run asks for it (PASSWORD_HASH_MEMORY_KIB, refused in production). */
  private readonly options: Omit<typeof HASH_OPTIONS, 'memoryCost'> & { memoryCost: number };
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.options = { ...HASH_OPTIONS, memoryCost: config.passwordHashMemoryKib };
  }

  hash(password: string): Promise<string> {
    return this.inLane(async () => String(await this.process.run({ op: 'hash', password, options: this.options })));
  }

  verify(hash: string, password: string): Promise<boolean> {
    return this.inLane(async () => (await this.process.run({ op: 'verify', hash, password })) === true);
  }

  /** True when `hash` was made with other parameters than this hasher's (to be replaced at the next sign-in). */
  needsRehash(hash: string): boolean {
    return argon2.needsRehash(hash, this.options);
  }

  onApplicationShutdown(): void {
    this.process.stop();
  }

  /** How many hashes wait for the lane now (for tests and metrics). */
  get queued(): number {
    return this.waiting.length;
  }

  private async inLane<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= HASHING_THREADS) {
      if (this.waiting.length >= MAX_WAITING) throw new TooManyRequestsError('Too many sign-ins at this moment. Please try again in a minute.');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      // The lane passes straight to the next in line, so `running` only drops when nobody waits.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
