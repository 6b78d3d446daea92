import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config';
import { TooManyRequestsError } from '../../shared/errors';
import { ANALYTICS_CLOCK, AnalyticsClock } from '../analytics-clock';

const WINDOW_MS = 60_000;

/**
 * ANALYTICS_RATE_LIMIT reports per client (IP address) per minute, counted in this process's memory:
 * unlike logins and orders (counted in the credential store, shared by every instance), a page view is
 * worth too little to pay a store round trip for, and the limit only has to keep a script from flooding
 * the log. Behind a load balancer with N instances a client may send up to N times the limit. The
 * addresses live only in this map, which is emptied every minute, and are never written anywhere.
 */
@Injectable()
export class ReportRateLimit {
  private readonly limit: number;
  private counts = new Map<string, number>();
  private windowEndsAt = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(ANALYTICS_CLOCK) private readonly clock: AnalyticsClock) {
    this.limit = config.analyticsReportsPerClientPerMinute;
  }

  consume(client: string): void {
    const now = this.clock.now();
    // A fixed window; a clock set back (a test) starts a new one too.
    if (now >= this.windowEndsAt || now < this.windowEndsAt - WINDOW_MS) {
      this.counts = new Map();
      this.windowEndsAt = now + WINDOW_MS;
    }
    const count = (this.counts.get(client) ?? 0) + 1;
    this.counts.set(client, count);
    if (count > this.limit) throw new TooManyRequestsError('Too many analytics reports from this address. Please try again in a minute.');
  }
}
