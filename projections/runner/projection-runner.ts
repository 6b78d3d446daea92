import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { EVENT_STORE, EventStore, RecordedEvent, Subscription } from '../../backend/src/storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { Projector } from './projector';

export const PROJECTORS = Symbol('PROJECTORS');
export const CHECKPOINTS_COLLECTION = 'projection_checkpoints';

type Checkpoint = Document & { position: number | null };

interface Waiter {
  position: number;
  resolve: (caughtUp: boolean) => void;
}

const RETRY_DELAY_MS = 1000;
const DEFAULT_WAIT_MS = 5000;

/**
 * Runs every projector on its own subscription from its own checkpoint, in log order,
 * and lets the API wait until the read models include a given position (read-your-writes).
 */
@Injectable()
export class ProjectionRunner implements OnModuleDestroy {
  private readonly logger = new Logger('Projections');
  private readonly positions = new Map<string, number | null>();
  private subscriptions: Subscription[] = [];
  private waiters: Waiter[] = [];
  private applied = 0;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(PROJECTORS) private readonly projectors: Projector[],
  ) {}

  async start(): Promise<void> {
    const checkpoints = this.readStore.collection<Checkpoint>(CHECKPOINTS_COLLECTION);
    for (const projector of this.projectors) {
      const checkpoint = await checkpoints.findOne({ _id: projector.name });
      const position = checkpoint?.position ?? null;
      this.positions.set(projector.name, position);
      await projector.prepare();
      this.subscriptions.push(this.eventStore.subscribeToAll(position, (event) => this.project(projector, event)));
    }
  }

  async stop(): Promise<void> {
    const subscriptions = this.subscriptions;
    this.subscriptions = [];
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    for (const waiter of this.waiters) waiter.resolve(false);
    this.waiters = [];
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  /** Drops every read model and replays the whole log into it. */
  async rebuild(): Promise<void> {
    await this.stop();
    const checkpoints = this.readStore.collection<Checkpoint>(CHECKPOINTS_COLLECTION);
    for (const projector of this.projectors) {
      for (const collection of projector.collections) await this.readStore.dropCollection(collection);
      await checkpoints.deleteOne({ _id: projector.name });
    }
    await this.start();
    await this.catchUp();
  }

  /** Resolves true once every projector has applied the event at `position`, false on timeout. */
  waitFor(position: number | null, timeoutMs = DEFAULT_WAIT_MS): Promise<boolean> {
    if (position === null || this.lowestPosition() >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter !== entry);
        resolve(false);
      }, timeoutMs);
      const entry: Waiter = {
        position,
        resolve: (caughtUp) => {
          clearTimeout(timer);
          resolve(caughtUp);
        },
      };
      this.waiters.push(entry);
    });
  }

  async catchUp(timeoutMs = 60_000): Promise<boolean> {
    return this.waitFor(await this.eventStore.headPosition(), timeoutMs);
  }

  /** Resolves once every projector and reactor has handled the log up to its current head. */
  async drain(timeoutMs = 10_000): Promise<boolean> {
    const head = await this.eventStore.headPosition();
    const deadline = Date.now() + timeoutMs;
    while ([...this.positions.values()].some((position) => (position ?? 0) < (head ?? 0))) {
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return true;
  }

  /** The last log position the named projector applied in this process (or read from its checkpoint). */
  positionOf(projectorName: string): number | null {
    if (!this.positions.has(projectorName)) throw new Error(`No projector named ${projectorName}`);
    return this.positions.get(projectorName) ?? null;
  }

  checkpoints(): Record<string, number | null> {
    return Object.fromEntries(this.positions);
  }

  /** How many events the projectors applied since this process started them: 0 after a clean restart. */
  appliedSinceStart(): number {
    return this.applied;
  }

  private async project(projector: Projector, event: RecordedEvent): Promise<void> {
    for (;;) {
      try {
        await projector.apply(event);
        break;
      } catch (error) {
        // A projector that cannot apply an event must not skip it: the read model would silently diverge from the log.
        this.logger.error(`${projector.name} failed on ${event.type} at ${event.position}; retrying`, (error as Error).stack);
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
        if (!this.subscriptions.length) return;
      }
    }
    await this.readStore.collection<Checkpoint>(CHECKPOINTS_COLLECTION).replaceOne({ _id: projector.name, position: event.position });
    this.positions.set(projector.name, event.position);
    this.applied += 1;
    this.releaseWaiters();
  }

  /** Read-your-writes concerns read models only: a slow mail server must not hold up an answer. */
  private lowestPosition(): number {
    let lowest = Number.POSITIVE_INFINITY;
    for (const projector of this.projectors) {
      if (!projector.reactsOnly) lowest = Math.min(lowest, this.positions.get(projector.name) ?? 0);
    }
    return lowest;
  }

  private releaseWaiters(): void {
    if (this.waiters.length === 0) return;
    const lowest = this.lowestPosition();
    const ready = this.waiters.filter((waiter) => waiter.position <= lowest);
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((waiter) => waiter.position > lowest);
    for (const waiter of ready) waiter.resolve(true);
  }
}
