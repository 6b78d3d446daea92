import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { SweepingService } from '../../shared/processes/periodic-sweep';
import { LeaseKeeper } from '../../shared/leases/lease-keeper';
import { CREDENTIAL_STORE, CredentialStore } from '../../storage/credential-store/credential-store.port';
import { storedOnce } from '../../storage/credential-store/stored-once';
import { Document } from '../../storage/read-store/read-store.port';
import { ANALYTICS_CLOCK, AnalyticsClock } from '../analytics-clock';
import { utcDay } from '../domain/page-view';

export const VISITOR_SALTS_COLLECTION = 'analytics-salts';

type SaltDocument = Document & { salt: string };

/** Hex digits of the hash kept: 64 bits, so two visitors of one day share a hash about once in 4 billion pairs. */
const VISITOR_HEX_DIGITS = 16;
/** A day's salt goes within this long after the day ends. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Cookieless visitors (the method of Plausible Analytics): a visitor of a day is
 * sha256(the day's salt, IP address, User-Agent), truncated. The salt is random, made on the first
 * report of its UTC day, shared by every instance through the credential store (never the log, never
 * a read model), and deleted once its day is over: from then on nobody, the shop included, can tell
 * whether a visitor of that day came back, or recompute a hash from an address.
 */
@Injectable()
export class VisitorSalts extends SweepingService<[string], number> {
  /** At most today's and yesterday's salt (reports received around midnight); older ones are dropped by the sweep. */
  private readonly cached = new Map<string, Promise<string>>();

  constructor(
    @Inject(CREDENTIAL_STORE) private readonly credentials: CredentialStore,
    @Inject(ANALYTICS_CLOCK) private readonly clock: AnalyticsClock,
    leases: LeaseKeeper,
  ) {
    super('VisitorSalts', SWEEP_INTERVAL_MS, leases, () => [utcDay(clock.now())]);
  }

  private get salts() {
    return this.credentials.collection<SaltDocument>(VISITOR_SALTS_COLLECTION);
  }

  /** Yesterday's salts go at start-up too, before any timed sweep. */
  override async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
    super.onApplicationBootstrap();
  }

  async visitorOf(day: string, ipAddress: string, userAgent: string): Promise<string> {
    const salt = await this.saltOf(day);
    return createHash('sha256').update(salt).update('\0').update(ipAddress).update('\0').update(userAgent).digest('hex').slice(0, VISITOR_HEX_DIGITS);
  }

  /** Deletes the salts of the days before today's (by the analytics clock); resolves with how many went. */
  sweep(today = utcDay(this.clock.now())): Promise<number> {
    return this.runSweep(today);
  }

  private saltOf(day: string): Promise<string> {
    let salt = this.cached.get(day);
    if (!salt) {
      salt = this.loadOrCreate(day);
      this.cached.set(day, salt);
      // A failed lookup is tried again by the next report instead of failing every report of the day.
      salt.catch(() => this.cached.delete(day));
    }
    return salt;
  }

  /** Race-safe across instances: the first insert of the day's document wins, and everyone reads the winner. */
  private async loadOrCreate(day: string): Promise<string> {
    return (await storedOnce(this.salts, day, () => ({ _id: day, salt: randomBytes(32).toString('hex') }))).salt;
  }

  protected async sweepOnce(today: string): Promise<number> {
    for (const day of this.cached.keys()) if (day < today) this.cached.delete(day);
    return this.salts.deleteMany({ _id: { $lt: today } });
  }
}
