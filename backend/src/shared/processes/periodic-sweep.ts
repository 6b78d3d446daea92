import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { LeaseKeeper } from '../leases/lease-keeper';

/**
 * A sweep run every `intervalMs` and on request, never two at once: a sweep asked for while one
 * runs waits for it. Stopping waits for the running sweep, so shutdown does not cut one in half.
 * With `leases`, the timed sweeps run only in the instance holding the lease `sweep:<name>`, so
 * several instances never sweep (expire an order, purge a table) at the same time.
 */
export class PeriodicSweep<Args extends unknown[], Result> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly sweep: (...args: Args) => Promise<Result>,
    private readonly leases: LeaseKeeper | null = null,
  ) {}

  /** The lease the timed sweeps run under. */
  get lease(): string {
    return `sweep:${this.name}`;
  }

  /** Whether this instance is the one that sweeps (always, without leases). */
  isOurs(): boolean {
    return this.leases === null || this.leases.holds(this.lease);
  }

  /** Sweeps every interval with `args()`, computed anew each time. */
  start(args: () => Args): void {
    const logger = new Logger(this.name);
    this.leases?.register({ name: this.lease });
    this.timer = setInterval(() => {
      if (this.isOurs()) void this.run(...args()).catch((error) => logger.error((error as Error).stack));
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  async run(...args: Args): Promise<Result> {
    while (this.running) await this.running;
    const sweep = this.sweep(...args);
    this.running = sweep.catch(() => undefined);
    try {
      return await sweep;
    } finally {
      this.running = null;
    }
  }
}

/**
 * A service whose background work is one PeriodicSweep of its `sweepOnce`: the timed sweeps (with
 * `timedArgs()`, computed anew each time) start once the app has booted, and stop at shutdown after
 * the sweep under way; `runSweep` sweeps now, after any sweep under way.
 */
export abstract class SweepingService<Args extends unknown[], Result> implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly sweeps: PeriodicSweep<Args, Result>;

  protected constructor(name: string, intervalMs: number, leases: LeaseKeeper | null, private readonly timedArgs: () => Args) {
    this.sweeps = new PeriodicSweep(name, intervalMs, (...args: Args) => this.sweepOnce(...args), leases);
  }

  protected abstract sweepOnce(...args: Args): Promise<Result>;

  onApplicationBootstrap(): void | Promise<void> {
    this.sweeps.start(this.timedArgs);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeps.stop();
  }

  protected runSweep(...args: Args): Promise<Result> {
    return this.sweeps.run(...args);
  }
}
