import { SqliteReadStore } from '../../storage/read-store/sqlite-read-store';
import { Document } from '../../storage/read-store/read-store.port';
import { RATE_LIMITS_COLLECTION, RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  let store: SqliteReadStore;
  let limiter: RateLimiter;
  beforeEach(async () => {
    store = new SqliteReadStore(':memory:', 'rebuildable');
    limiter = new RateLimiter(store, null);
    await limiter.onModuleInit();
  });
  afterEach(async () => {
    await limiter.onModuleDestroy();
    await store.close();
  });

  it('refuses past the limit within a window, naming the minutes left', async () => {
    await limiter.consume('login:1.2.3.4', 2, 60_000, 'Too many.');
    await limiter.consume('login:1.2.3.4', 2, 60_000, 'Too many.');
    await expect(limiter.consume('login:1.2.3.4', 2, 60_000, 'Too many.')).rejects.toThrow('Too many. Please try again in 1 minute.');
  });

  it('refuses once the limit is used up without counting the request that asks', async () => {
    await limiter.refuseWhenUsedUp('referral:1.2.3.4', 2, 'Too many.');
    await limiter.consume('referral:1.2.3.4', 2, 60_000, 'Too many.');
    await limiter.refuseWhenUsedUp('referral:1.2.3.4', 2, 'Too many.');
    await limiter.refuseWhenUsedUp('referral:1.2.3.4', 2, 'Too many.');
    await limiter.consume('referral:1.2.3.4', 2, 60_000, 'Too many.');
    await expect(limiter.refuseWhenUsedUp('referral:1.2.3.4', 2, 'Too many.')).rejects.toThrow('Too many. Please try again in 1 minute.');
    await limiter.refuseWhenUsedUp('referral:5.6.7.8', 2, 'Too many.');
  });

  it('deletes the windows that have ended, and only those', async () => {
    await limiter.consume('short', 5, 1_000, 'x');
    await limiter.consume('long', 5, 3_600_000, 'x');
    expect(await limiter.purgeExpired(Date.now() + 2_000)).toBe(1);
    const left = await store.collection<Document>(RATE_LIMITS_COLLECTION).find({});
    expect(left.map((window) => window._id)).toEqual(['long']);
  });
});
