import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { LeaseKeeper } from '../leases/lease-keeper';
import { CREDENTIAL_STORE, CredentialStore } from '../../storage/credential-store/credential-store.port';
import { Document } from '../../storage/read-store/read-store.port';
import { TooManyRequestsError } from '../errors';
import { PeriodicSweep } from '../processes/periodic-sweep';

/** Windows that have ended are deleted this often: nothing about a client outlives its window for long. */
const PURGE_INTERVAL_MS = 10 * 60 * 1000;

type Window = Document & { count: number; windowEndsAt: number };

export const RATE_LIMITS_COLLECTION = 'rate_limits';

/**
 * Fixed-window counters kept in the credential store (durable, never rebuilt), not in process memory,
 * so that every instance behind a load balancer counts the same attempts.
 */
@Injectable()
export class RateLimiter implements OnModuleInit, OnModuleDestroy {
  private readonly purges: PeriodicSweep<[], unknown>;

  constructor(@Inject(CREDENTIAL_STORE) private readonly store: CredentialStore, @Inject(LeaseKeeper) leases: LeaseKeeper | null) {
    this.purges = new PeriodicSweep('RateLimiter', PURGE_INTERVAL_MS, () => this.purgeExpired(), leases);
  }

  async onModuleInit(): Promise<void> {
    await this.store.collection<Window>(RATE_LIMITS_COLLECTION).createIndex({ windowEndsAt: 1 });
    this.purges.start(() => []);
  }

  async onModuleDestroy(): Promise<void> {
    await this.purges.stop();
  }

  /** Deletes every window that has ended; answers how many. */
  async purgeExpired(now = Date.now()): Promise<number> {
    return this.store.collection<Window>(RATE_LIMITS_COLLECTION).deleteMany({ windowEndsAt: { $lte: now } });
  }

  async consume(key: string, limit: number, windowMs: number, message: string): Promise<void> {
    const windows = this.store.collection<Window>(RATE_LIMITS_COLLECTION);
    const now = Date.now();
    let window = await windows.findOneAndUpdate({ _id: key, windowEndsAt: { $gt: now } }, { $inc: { count: 1 } });
    if (!window) {
      window = { _id: key, count: 1, windowEndsAt: now + windowMs };
      await windows.replaceOne(window);
    }
    if (window.count > limit) throw tooMany(message, window, now);
  }

  /**
   * 429 when `key` has already used its `limit` in the current window, without counting this request:
   * for a route that counts only its failures (a guess that missed) yet must refuse every attempt once
   * they are used up, so that a refusal does not tell a miss from a hit.
   */
  async refuseWhenUsedUp(key: string, limit: number, message: string): Promise<void> {
    const now = Date.now();
    const window = await this.store.collection<Window>(RATE_LIMITS_COLLECTION).findOne({ _id: key, windowEndsAt: { $gt: now } });
    if (window && window.count >= limit) throw tooMany(message, window, now);
  }

  async reset(key: string): Promise<void> {
    await this.store.collection<Window>(RATE_LIMITS_COLLECTION).deleteOne({ _id: key });
  }
}

function tooMany(message: string, window: Window, now: number): TooManyRequestsError {
  const minutes = Math.max(1, Math.ceil((window.windowEndsAt - now) / 60_000));
  return new TooManyRequestsError(`${message} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
}
