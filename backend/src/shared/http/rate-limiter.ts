import { Inject, Injectable } from '@nestjs/common';
import { CREDENTIAL_STORE, CredentialStore } from '../../storage/credential-store/credential-store.port';
import { Document } from '../../storage/read-store/read-store.port';
import { TooManyRequestsError } from '../errors';

type Window = Document & { count: number; windowEndsAt: number };

export const RATE_LIMITS_COLLECTION = 'rate_limits';

/**
 * Fixed-window counters kept in the credential store (durable, never rebuilt), not in process memory,
 * so that every instance behind a load balancer counts the same attempts.
 */
@Injectable()
export class RateLimiter {
  constructor(@Inject(CREDENTIAL_STORE) private readonly store: CredentialStore) {}

  async consume(key: string, limit: number, windowMs: number, message: string): Promise<void> {
    const windows = this.store.collection<Window>(RATE_LIMITS_COLLECTION);
    const now = Date.now();
    let window = await windows.findOneAndUpdate({ _id: key, windowEndsAt: { $gt: now } }, { $inc: { count: 1 } });
    if (!window) {
      window = { _id: key, count: 1, windowEndsAt: now + windowMs };
      await windows.replaceOne(window);
    }
    if (window.count > limit) {
      const minutes = Math.max(1, Math.ceil((window.windowEndsAt - now) / 60_000));
      throw new TooManyRequestsError(`${message} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
  }

  async reset(key: string): Promise<void> {
    await this.store.collection<Window>(RATE_LIMITS_COLLECTION).deleteOne({ _id: key });
  }
}
