import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { APP_CONFIG, AppConfig } from '../../config';
import { LEASE_STORE, LeaseGrant, LeaseStore } from '../../storage/leases/lease.port';

const SEEK_INTERVAL_MS = 1000;

/** A piece of background work that runs while this instance holds its lease. */
export interface LeasedJob {
  /** The lease's name, e.g. `projector:orders`, `supervisor:orders`, `sweep:rate-limits`. */
  readonly name: string;
  /** Called when this instance takes the lease (or takes it again with a new token after losing it). */
  start?(grant: LeaseGrant): Promise<void> | void;
  /** Called when the lease is lost or given up: the job stops acting at once. */
  stop?(): Promise<void> | void;
}

/**
 * Holds this instance's leases: tries to take every registered job's lease, renews the ones it holds
 * every third of their time, starts a job when its lease is taken and stops it when the lease is lost
 * (another instance took it after it lapsed, or the store could not be reached to renew it in time).
 * A job acts only while `holds(name)`, which is false from LEASE_MARGIN before the lease would lapse:
 * an instance that was paused or cut off stops acting before anybody else may take over. Writes that
 * must not come from a stale holder carry the lease's token (a checkpoint is refused below a newer one).
 *
 * On the embedded store one process owns DATA_DIR, so it takes every lease at once, whoever held it before.
 */
@Injectable()
export class LeaseKeeper implements OnApplicationShutdown {
  /** Who this instance is in the lease table: host, process and a random part (a restarted process is someone else). */
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly logger = new Logger('Leases');
  private readonly jobs = new Map<string, LeasedJob>();
  private readonly held = new Map<string, LeaseGrant>();
  private readonly starting = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly ttlMs: number;
  private readonly marginMs: number;

  constructor(
    @Inject(LEASE_STORE) private readonly store: LeaseStore,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.ttlMs = config.leaseTtlSeconds * 1000;
    this.marginMs = Math.min(2000, this.ttlMs / 4);
  }

  /** True when several instances share the store; false on embedded storage, where this process holds everything. */
  get shared(): boolean {
    return this.store.shared;
  }

  /** Adds a job; its lease is sought at once when the keeper runs. */
  register(job: LeasedJob): void {
    if (this.jobs.has(job.name)) throw new Error(`Two jobs are named ${job.name}`);
    this.jobs.set(job.name, job);
    if (this.timer) void this.seekNow();
  }

  /** Starts seeking and renewing leases; resolves after the first round, so this instance starts what it can at once. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.seekNow();
    if (this.timer) return;
    // Held leases are renewed every third of their time; free ones are sought every second, so a lease an
    // instance gave up on shutdown is taken within a second, not after a renewal period. Unshared (the embedded
    // store, whose DATA_DIR lock keeps every other process out) nobody else gives one up: renewing is enough.
    const renewal = Math.floor(this.ttlMs / 3);
    this.timer = setInterval(() => void this.seekNow(), Math.max(100, this.shared ? Math.min(SEEK_INTERVAL_MS, renewal) : renewal));
    this.timer.unref();
  }

  /** Whether this instance holds the lease and may act on it now (not within the margin before it lapses). */
  holds(name: string): boolean {
    const grant = this.held.get(name);
    return grant !== undefined && Date.now() < grant.expiresAt - this.marginMs;
  }

  /** The grant this instance holds for `name`, if it holds it. */
  grant(name: string): LeaseGrant | null {
    return this.holds(name) ? (this.held.get(name) ?? null) : null;
  }

  /** What this instance holds, for the readiness endpoint. */
  holdings(): { name: string; token: number; expiresAt: string }[] {
    return [...this.held.values()].map(({ name, token, expiresAt }) => ({ name, token, expiresAt: new Date(expiresAt).toISOString() }));
  }

  /** A job found its lease lost while writing (a newer token wrote first): it stops now, and is started again if the lease comes back. */
  async lost(name: string): Promise<void> {
    if (!this.held.delete(name)) return;
    this.logger.warn(`Lost the lease ${name} to another instance`);
    await this.jobs.get(name)?.stop?.();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  /** Stops every job and gives up every lease, so another instance takes over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.round;
    await Promise.all([...this.starting.values()]);
    for (const [name, grant] of this.held) {
      await this.jobs.get(name)?.stop?.();
      await this.store.release(name, this.owner, grant.token).catch((error: unknown) => this.logger.warn(`Could not release ${name}: ${(error as Error).message}`));
    }
    this.held.clear();
  }

  private seekNow(): Promise<void> {
    this.round = this.round.then(() => this.seek()).catch((error: unknown) => this.logger.error(`Seeking leases failed: ${(error as Error).message}`));
    return this.round;
  }

  private async seek(): Promise<void> {
    for (const job of this.jobs.values()) {
      if (this.stopped) return;
      let grant: LeaseGrant | null;
      try {
        grant = await this.store.acquire(job.name, this.owner, this.ttlMs);
      } catch (error) {
        // The store cannot be reached: keep acting only while the lease surely lasts.
        if (this.held.has(job.name) && !this.holds(job.name)) await this.lost(job.name);
        this.logger.warn(`Could not renew ${job.name}: ${(error as Error).message}`);
        continue;
      }
      const before = this.held.get(job.name);
      if (grant === null) {
        if (before) await this.lost(job.name);
        continue;
      }
      this.held.set(job.name, grant);
      if (!before || before.token !== grant.token) {
        if (before) await job.stop?.();
        if (this.shared) this.logger.log(`Took the lease ${job.name} (token ${grant.token})`);
        const starting = Promise.resolve(job.start?.(grant)).catch((error: unknown) => this.logger.error(`Starting ${job.name} failed: ${(error as Error).stack}`));
        this.starting.set(job.name, starting);
        await starting;
        this.starting.delete(job.name);
      }
    }
  }
}
