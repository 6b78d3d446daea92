import { Logger } from '@nestjs/common';
import { KeyedQueue } from '../event-sourcing/keyed-queue';

/**
 * The one way this shop runs work that spans streams (placing an order, returning its stock, reversing
 * or settling a payment). A process manager keeps nothing of its own between runs:
 *
 * - **Checkpoint**: the streams are the process's state. Each step is an event, decided from what the
 *   streams already hold, so running the process again from the top skips what was done and finishes
 *   the rest. What is still open is listed by the open-process read model.
 * - **Resume after a crash**: a supervisor (a `PeriodicSweep`, run under a lease by one instance at a
 *   time) finds the processes left open for a while and calls their `resume`.
 * - **Crash points**: `crashPoint(name)` between steps, where the fault suite kills the process.
 * - **One run per key**: in this process, runs for the same key take turns (a request and the supervisor
 *   never interleave their steps). Across instances every append names the revision it decided on, so a
 *   second run elsewhere fails with a conflict, is retried from the streams, and decides nothing twice.
 *
 * Background work with no key of its own runs under the same lease keeper: projectors and reactors (the
 * mails) on the projection runner, one lease and checkpoint per projector; sweeps (expiry, settlement
 * repair, chain watching, purges) as a `PeriodicSweep`.
 */
export abstract class ProcessManager<Key extends string | number> {
  protected readonly logger: Logger;
  private readonly turns = new KeyedQueue();

  protected constructor(readonly name: string) {
    this.logger = new Logger(name);
  }

  /** Runs `work` when every earlier run for `key` in this process has ended. */
  protected inTurn<T>(key: Key, work: () => Promise<T>): Promise<T> {
    return this.turns.run(key, work);
  }

  /**
   * For a request whose own fact was recorded before the process ran (an order cancelled, then its
   * stock returned): a failure of the process is not the request's failure. It is logged, `fallback`
   * answered, and the supervisor finishes the process on a later sweep.
   */
  protected async leaveToSupervisor<T>(key: Key, work: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.logger.error(`${this.name} of ${key} stopped; the supervisor will finish it`, (error as Error).stack);
      return fallback;
    }
  }
}
