import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config';
import { TooManyRequestsError } from '../../shared/errors';
import { RATE_LIMITS_COLLECTION } from '../../shared/http/rate-limiter';
import { CREDENTIAL_STORE, CredentialStore } from '../../storage/credential-store/credential-store.port';
import { Document } from '../../storage/read-store/read-store.port';
import { ANALYTICS_CLOCK, AnalyticsClock } from '../analytics-clock';
import { utcDay } from '../domain/page-view';
import { VisitorSalts } from '../commands/visitor-salts';

const WINDOW_MS = 60_000;
/** How often an instance adds what it counted to the shared count and reads the others'. */
const MERGE_INTERVAL_MS = 1000;

type Window = Document & { count: number; windowEndsAt: number };

/**
 * ANALYTICS_RATE_LIMIT reports per client (IP address) per minute, over every instance: each counts
 * in memory and, every second, adds what it counted to the client's window in the credential store
 * (shared by the instances) and learns the others' count from it. A report costs no store round trip,
 * and N instances let a client through at most a second's worth of reports each over the limit, not
 * N times the limit. The client is stored only as a hash of its address with the day's visitor salt,
 * never the address, and windows are deleted when they end (RateLimiter's purge).
 */
@Injectable()
export class ReportRateLimit implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('ReportRateLimit');
  private readonly limit: number;
  /**
   * The current window: per client, reports counted here and not yet added to the shared count, those a merge is
   * adding right now (still counted until the shared count it reads back includes them), and the shared count last read.
   */
  private window = { endsAt: 0, pending: new Map<string, number>(), merging: new Map<string, number>(), shared: new Map<string, number>() };
  private timer: NodeJS.Timeout | null = null;
  private merging: Promise<void> = Promise.resolve();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(ANALYTICS_CLOCK) private readonly clock: AnalyticsClock,
    @Inject(CREDENTIAL_STORE) private readonly store: CredentialStore,
    private readonly salts: VisitorSalts,
  ) {
    this.limit = config.analyticsReportsPerClientPerMinute;
  }

  onModuleInit(): void {
    this.timer = setInterval(() => void this.merge(), MERGE_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.merge();
  }

  consume(client: string): void {
    const now = this.clock.now();
    // A fixed window, the same for every instance; a clock set back (a test) starts a new one too.
    const endsAt = Math.floor(now / WINDOW_MS) * WINDOW_MS + WINDOW_MS;
    if (endsAt !== this.window.endsAt) this.window = { endsAt, pending: new Map(), merging: new Map(), shared: new Map() };
    const pending = (this.window.pending.get(client) ?? 0) + 1;
    this.window.pending.set(client, pending);
    // What a merge is writing counts too: before, a report made while the store was being written saw neither.
    if (pending + (this.window.merging.get(client) ?? 0) + (this.window.shared.get(client) ?? 0) > this.limit) throw new TooManyRequestsError('Too many analytics reports from this address. Please try again in a minute.');
  }

  /** Adds this instance's counts to the shared ones and reads the totals back. */
  private merge(): Promise<void> {
    this.merging = this.merging.then(async () => {
      const window = this.window;
      const pending = [...window.pending];
      window.pending = new Map();
      if (pending.length === 0) return;
      for (const [client, count] of pending) window.merging.set(client, count);
      const windows = this.store.collection<Window>(RATE_LIMITS_COLLECTION);
      const day = utcDay(window.endsAt - 1);
      for (const [index, [client, count]] of pending.entries()) {
        try {
          // The day's visitor hash of the address stands for it: the same on every instance, and no address is stored.
          const key = `analytics:${await this.salts.visitorOf(day, client, 'analytics rate limit')}:${window.endsAt}`;
          const merged = await windows.findOneAndUpdate({ _id: key }, { $inc: { count }, $set: { windowEndsAt: window.endsAt } }, { upsert: true });
          // Every instance's counts so far, ours included (what was counted meanwhile is still pending).
          if (merged) window.shared.set(client, merged.count);
          window.merging.delete(client);
        } catch (error) {
          // Counted again next time: a store that does not answer must not let the counts go.
          for (const [unshared, left] of pending.slice(index)) {
            window.pending.set(unshared, (window.pending.get(unshared) ?? 0) + left);
            window.merging.delete(unshared);
          }
          this.logger.warn(`Could not share analytics report counts: ${(error as Error).message}`);
          return;
        }
      }
    });
    return this.merging;
  }
}
