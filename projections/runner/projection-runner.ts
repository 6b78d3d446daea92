import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { NotFoundError, NotYetVisibleError } from '../../backend/src/shared/errors';
import { EVENT_STORE, EventStore, RecordedEvent, Subscription } from '../../backend/src/storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { Projector } from './projector';

export const PROJECTORS = Symbol('PROJECTORS');
export const CHECKPOINTS_COLLECTION = 'projection_checkpoints';
export const PARKED_EVENTS_COLLECTION = 'parked_events';

type Checkpoint = Document & { position: number | null };

/** An event a projector could not apply: kept aside, reported, and retried after a fix. */
export type ParkedEvent = Document & {
  projector: string;
  position: number;
  eventId: string;
  streamId: string;
  type: string;
  error: string;
  attempts: number;
  parkedAt: string;
};

interface Waiter {
  position: number;
  projectors: readonly string[];
  resolve: (caughtUp: boolean) => void;
  fail: (error: unknown) => void;
}

/** Quick retries ride out a passing failure (a dropped connection); an event that still fails is poison. */
const RETRY_DELAYS_MS = [50, 250, 1000];
const DEFAULT_WAIT_MS = 5000;
/**
 * How long the checkpoint past events a projector skips may stay in memory only. Most events are
 * nothing to most projectors (a page view is something to one of ten); writing ten checkpoints per
 * page view cost more than the page view. A crash forgets at most this much skipping, which is
 * skipped again on restart.
 */
const SKIPPED_CHECKPOINT_DELAY_MS = 1000;

/**
 * Runs every projector on its own subscription from its own checkpoint, in log order, and lets the
 * API wait until the read models it is about to read include a given position (read-your-writes).
 * An event a projector cannot apply is parked: recorded with its error, reported by the readiness
 * endpoint and the back office, and skipped by that projector only, so the others and every command
 * carry on. A parked event is applied again on request, once the cause is fixed.
 */
@Injectable()
export class ProjectionRunner implements OnModuleDestroy {
  private readonly logger = new Logger('Projections');
  private readonly positions = new Map<string, number | null>();
  /** Per projector, the last event it applied (or parked) in this process: its read model changes only then. */
  private readonly appliedPositions = new Map<string, number>();
  /** Positions parked per projector in this process, so a waiter for exactly that write is told it will not show. */
  private readonly parkedHere = new Map<string, Set<number>>();
  private subscriptions: Subscription[] = [];
  private waiters: Waiter[] = [];
  private applied = 0;
  private started = false;
  /** Per projector: the position written last, and the writes in order (a later position is never overwritten by an earlier one). */
  private readonly written = new Map<string, number | null>();
  private readonly checkpointWrites = new Map<string, Promise<void>>();
  private readonly unwrittenTimers = new Map<string, NodeJS.Timeout>();

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(PROJECTORS) private readonly projectors: Projector[],
  ) {}

  private get checkpointDocs() {
    return this.readStore.collection<Checkpoint>(CHECKPOINTS_COLLECTION);
  }

  private get parkedDocs() {
    return this.readStore.collection<ParkedEvent>(PARKED_EVENTS_COLLECTION);
  }

  async start(): Promise<void> {
    for (const projector of this.projectors) {
      const checkpoint = await this.checkpointDocs.findOne({ _id: projector.name });
      const position = checkpoint?.position ?? null;
      this.positions.set(projector.name, position);
      this.written.set(projector.name, position);
      await projector.prepare();
      this.subscriptions.push(this.eventStore.subscribeToAll(position, (event) => this.project(projector, event), (error) => this.cannotRead(error)));
    }
    this.started = true;
  }

  async stop(): Promise<void> {
    this.started = false;
    const subscriptions = this.subscriptions;
    this.subscriptions = [];
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    await Promise.all(this.projectors.map((projector) => this.writeCheckpoint(projector.name)));
    for (const waiter of this.waiters) waiter.resolve(false);
    this.waiters = [];
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  /** Drops every read model and replays the whole log into it; resolves once caught up (or after `timeoutMs`, with false). */
  async rebuild(timeoutMs = 60_000): Promise<boolean> {
    await this.stop();
    this.appliedPositions.clear();
    for (const projector of this.projectors) {
      for (const collection of projector.collections) await this.readStore.dropCollection(collection);
      await this.checkpointDocs.deleteOne({ _id: projector.name });
      await this.parkedDocs.deleteMany({ projector: projector.name });
    }
    await this.start();
    return this.catchUp(timeoutMs);
  }

  /** Resolves true once each named projector (every read model when none is named) has passed `position`; false on timeout. */
  waitFor(position: number | null, projectors: readonly string[] = this.readModelNames(), timeoutMs = DEFAULT_WAIT_MS): Promise<boolean> {
    for (const name of projectors) if (!this.positions.has(name)) throw new Error(`No projector named ${name}`);
    if (position === null || this.reached(position, projectors)) return Promise.resolve(true);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter !== entry);
        resolve(false);
      }, timeoutMs);
      const entry: Waiter = {
        position,
        projectors,
        resolve: (caughtUp) => {
          clearTimeout(timer);
          resolve(caughtUp);
        },
        fail: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.waiters.push(entry);
    });
  }

  /**
   * Read-your-writes for an answer: returns once the named read models show the write at `position`.
   * When they do not in time, or one of them parked that very event, the answer is 202 with the
   * `Location` to read it from later, never a 404 for something that was recorded.
   */
  async readYourWrite(position: number | null, projectors: readonly string[], location: string): Promise<void> {
    const caughtUp = await this.waitFor(position, projectors);
    if (!caughtUp || (position !== null && projectors.some((name) => this.parkedHere.get(name)?.has(position)))) {
      throw new NotYetVisibleError(location);
    }
  }

  async catchUp(timeoutMs = 60_000): Promise<boolean> {
    return this.waitFor(await this.eventStore.headPosition(), this.readModelNames(), timeoutMs);
  }

  /** Resolves once every projector and reactor has handled the log up to its current head. */
  async drain(timeoutMs = 10_000): Promise<boolean> {
    return this.waitFor(await this.eventStore.headPosition(), [...this.positions.keys()], timeoutMs);
  }

  /** The last log position the named projector applied in this process (or read from its checkpoint). */
  positionOf(projectorName: string): number | null {
    if (!this.positions.has(projectorName)) throw new Error(`No projector named ${projectorName}`);
    return this.positions.get(projectorName) ?? null;
  }

  /** Changes only when the named projector's read model may have changed (0 before its first event in this process). */
  appliedPositionOf(projectorName: string): number {
    if (!this.positions.has(projectorName)) throw new Error(`No projector named ${projectorName}`);
    return this.appliedPositions.get(projectorName) ?? 0;
  }

  checkpoints(): Record<string, number | null> {
    return Object.fromEntries(this.positions);
  }

  isStarted(): boolean {
    return this.started;
  }

  /** How many events the projectors applied since this process started them: 0 after a clean restart. */
  appliedSinceStart(): number {
    return this.applied;
  }

  async parked(): Promise<ParkedEvent[]> {
    return this.parkedDocs.find({}, { sort: { position: 1 } });
  }

  /** Applies a parked event again (after a fix); it leaves the parked list only when that succeeds. */
  async retryParked(projectorName: string, position: number): Promise<void> {
    const parked = await this.parkedDocs.findOne({ _id: parkedId(projectorName, position) });
    const projector = this.projectors.find((candidate) => candidate.name === projectorName);
    if (!parked || !projector) throw new NotFoundError('No such parked event');
    const [event] = await this.eventStore.readAll(position - 1, 1);
    if (!event || event.id !== parked.eventId) throw new NotFoundError('The parked event is no longer in the log');
    try {
      await projector.apply(event);
    } catch (error) {
      await this.parkedDocs.updateOne({ _id: parked._id }, { $set: { error: describe(error) }, $inc: { attempts: 1 } });
      throw error;
    }
    await this.parkedDocs.deleteOne({ _id: parked._id });
    this.parkedHere.get(projectorName)?.delete(position);
  }

  private async project(projector: Projector, event: RecordedEvent): Promise<void> {
    if (!projector.canHandle(event)) return this.skip(projector, event);
    for (let attempt = 0; ; attempt += 1) {
      try {
        await projector.apply(event);
        break;
      } catch (error) {
        if (!this.subscriptions.length) throw error;
        if (attempt < RETRY_DELAYS_MS.length) {
          await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
          continue;
        }
        await this.park(projector, event, error, attempt + 1);
        break;
      }
    }
    this.applied += 1;
    await this.advance(projector, event);
  }

  /** Applied (or parked): the checkpoint is written before anyone is told the read model has it. */
  private async advance(projector: Projector, event: RecordedEvent): Promise<void> {
    this.positions.set(projector.name, event.position);
    this.appliedPositions.set(projector.name, event.position);
    await this.writeCheckpoint(projector.name);
    this.releaseWaiters();
  }

  /** Nothing to this projector: it is past the event at once, and its checkpoint follows within SKIPPED_CHECKPOINT_DELAY_MS. */
  private skip(projector: Projector, event: RecordedEvent): void {
    this.positions.set(projector.name, event.position);
    this.releaseWaiters();
    if (this.unwrittenTimers.has(projector.name)) return;
    const timer = setTimeout(() => void this.writeCheckpoint(projector.name).catch((error: unknown) => this.logger.warn(`Checkpoint of ${projector.name} not written: ${describe(error)}`)), SKIPPED_CHECKPOINT_DELAY_MS);
    timer.unref();
    this.unwrittenTimers.set(projector.name, timer);
  }

  /** Writes the projector's position as it is now, after any write still under way. */
  private writeCheckpoint(name: string): Promise<void> {
    const timer = this.unwrittenTimers.get(name);
    if (timer) clearTimeout(timer);
    this.unwrittenTimers.delete(name);
    const write = (this.checkpointWrites.get(name) ?? Promise.resolve()).then(async () => {
      const position = this.positions.get(name) ?? null;
      if (position === null || position === this.written.get(name)) return;
      await this.checkpointDocs.replaceOne({ _id: name, position });
      this.written.set(name, position);
    });
    // A failed write is the caller's to report; the next one is still made.
    this.checkpointWrites.set(name, write.catch(() => undefined));
    return write;
  }

  private async park(projector: Projector, event: RecordedEvent, error: unknown, attempts: number): Promise<void> {
    this.logger.error(`${projector.name} parked ${event.type} at ${event.position} (${event.streamId}) after ${attempts} attempts`, (error as Error).stack);
    await this.parkedDocs.replaceOne({
      _id: parkedId(projector.name, event.position),
      projector: projector.name,
      position: event.position,
      eventId: event.id,
      streamId: event.streamId,
      type: event.type,
      error: describe(error),
      attempts,
      parkedAt: new Date().toISOString(),
    });
    if (!this.parkedHere.has(projector.name)) this.parkedHere.set(projector.name, new Set());
    this.parkedHere.get(projector.name)!.add(event.position);
  }

  /** Read models only: a slow mail server must not hold up an answer. */
  private readModelNames(): string[] {
    return this.projectors.filter((projector) => !projector.reactsOnly).map((projector) => projector.name);
  }

  private reached(position: number, projectors: readonly string[]): boolean {
    return projectors.every((name) => (this.positions.get(name) ?? 0) >= position);
  }

  /** The log cannot be read past some event: whoever waits for the projections is told why (at start-up, the shop stops with it). */
  private cannotRead(error: unknown): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter.fail(error);
  }

  private releaseWaiters(): void {
    if (this.waiters.length === 0) return;
    const ready = this.waiters.filter((waiter) => this.reached(waiter.position, waiter.projectors));
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((waiter) => !ready.includes(waiter));
    for (const waiter of ready) waiter.resolve(true);
  }
}

function parkedId(projector: string, position: number): string {
  return `${projector}:${position}`;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
