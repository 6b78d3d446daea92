import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { availableParallelism } from 'node:os';
import { TooManyRequestsError } from '../../shared/errors';

/**
 * Password hashes computed at the same time. Each argon2id hash takes 64 MiB and tens of
 * milliseconds on one of libuv's threads, the same threads that read static files and gzip answers:
 * a flood of logins that took them all made `index.html` wait seconds. Hashing therefore has a lane
 * of its own, HASHING_THREADS wide, and `main.ts` widens the thread pool by as much, so the other
 * work keeps the four threads it had. Half the cores: hashing is all CPU, and the event loop needs one too.
 */
export const HASHING_THREADS = Math.max(1, Math.floor(availableParallelism() / 2));
/** Logins waiting for the lane beyond this are refused at once (429) rather than queued for seconds. */
const MAX_WAITING = 64;

@Injectable()
export class PasswordHasher {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  hash(password: string): Promise<string> {
    return this.inLane(() => argon2.hash(password, { type: argon2.argon2id }));
  }

  verify(hash: string, password: string): Promise<boolean> {
    return this.inLane(() => argon2.verify(hash, password));
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
