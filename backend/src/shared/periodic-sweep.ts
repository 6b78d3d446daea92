import { Logger } from '@nestjs/common';

/**
 * A sweep run every `intervalMs` and on request, never two at once: a sweep asked for while one
 * runs waits for it. Stopping waits for the running sweep, so shutdown does not cut one in half.
 */
export class PeriodicSweep<Args extends unknown[], Result> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly sweep: (...args: Args) => Promise<Result>,
  ) {}

  /** Sweeps every interval with `args()`, computed anew each time. */
  start(args: () => Args): void {
    const logger = new Logger(this.name);
    this.timer = setInterval(() => void this.run(...args()).catch((error) => logger.error((error as Error).stack)), this.intervalMs);
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
