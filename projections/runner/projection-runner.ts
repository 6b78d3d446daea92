import { Inject, Injectable, Logger, OnModuleDestroy, Optional } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import { NotFoundError, NotYetVisibleError } from '../../backend/src/shared/errors';
import { EVENT_STORE, EventStore, RecordedEvent, Subscription } from '../../backend/src/storage/event-store/event-store.port';
import { BatchWrite, Document, DuplicateKeyError, READ_STORE, ReadStore, StaleWriteError } from '../../backend/src/storage/read-store/read-store.port';
import type { LeaseGrant } from '../../backend/src/storage/leases/lease.port';
import { LeaseKeeper } from '../../backend/src/shared/leases/lease-keeper';
import { RequestsInFlight } from '../../backend/src/shared/http/requests-in-flight';
import { Projector } from './projector';

export const PROJECTORS = Symbol('PROJECTORS');
export const CHECKPOINTS_COLLECTION = 'projection_checkpoints';
export const PARKED_EVENTS_COLLECTION = 'parked_events';

/** `version`: the projector's read-model version it was built with (see Projector.version); `token`: the lease token of the instance that wrote it. */
type Checkpoint = Document & { position: number | null; version?: number; token?: number };

/** The read models have applied events up to a position the event log does not reach (see assertLogReaches). */
export class EventLogBehindError extends Error {
  override name = 'EventLogBehindError';

  constructor(applied: number, head: number | null) {
    super(
      `The read models have applied the event log up to position ${applied}, but the log ${head === null ? 'is empty' : `ends at position ${head}`}: ` +
        'it was lost, emptied or replaced by an older copy. The log is the record of every order and payment: restore it from the backup the other stores come from ' +
        '(DATA_DIR/events.sqlite, or the DATABASE_URL / EVENTSTORE_URL database), or, to keep this log, rebuild the read models from it with `npm run projections:rebuild`.',
    );
  }
}

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

/** Told of each event a projector applied (or parked), with the projector's name. */
export type AppliedListener = (projector: string, event: RecordedEvent) => void;

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
 * Checkpoints are written this often, not after every event: the log is the truth and every projector
 * tolerates seeing an event twice, so a crash replays at most this much, while a busy shop writes one
 * checkpoint per projector per interval instead of one per event.
 */
const CHECKPOINT_INTERVAL_MS = 1000;
/**
 * With instances sharing the store, a projector's position is how the others learn that their writes
 * are projected (read-your-writes across instances): its holder writes it this often while it moves,
 * and the others read it this often while someone waits (every OBSERVE_IDLE_MS otherwise).
 */
const SHARED_CHECKPOINT_INTERVAL_MS = 20;
const OBSERVE_WAITING_MS = 15;
const OBSERVE_IDLE_MS = 250;
/**
 * Events read for a projector and not yet applied. Past this the projector is detached from the shared
 * reader and catches up from the log on its own, so a slow read model neither holds up the others nor
 * makes memory grow with its backlog.
 */
const MAX_QUEUED_EVENTS = 2000;
/** Events a detached projector reads from the log at a time while it catches up. */
const CATCH_UP_BATCH = 500;
/**
 * How long a projector works before it lets requests in: projection work runs on the same thread as the
 * API, so a backlog is worked off in slices between requests, never as one long task that starves them.
 */
const SLICE_MS = 4;
/**
 * While requests are being answered, a projector that no answer waits for rests this long after each
 * slice (a fifth of the thread at most), instead of taking its turn every time round the event loop:
 * an answer needs many turns (appends, flushes, reads), and a backlog took a slice at each of them
 * (order placement beside 5,000 waiting page views: half as many orders; with this rest, 10–20 % fewer).
 */
const BACKGROUND_REST_MS = 16;
/** Events of one batch at most (Projector.planBatch), however many the store would take (ReadStore.eventsPerBatch). */
const MAX_BATCH = 512;
/** How long stopping waits for the event each projector is applying. */
const STOP_WAIT_MS = 5000;

/** One projector's progress: its position in the log, what is queued for it, and whether it follows the shared reader. */
class Lane {
  /** The last event it applied, parked or had nothing to do with. */
  position: number | null = null;
  /** The position its checkpoint holds. */
  written: number | null = null;
  /** Events the shared reader handed over that it has yet to apply, oldest first. */
  queue: RecordedEvent[] = [];
  /** The newest event the shared reader has passed it (applied or not): where it stands once its queue is empty. */
  tail: number | null = null;
  /** Following the shared reader; false while it catches up from the log on its own. */
  attached = false;
  /** This instance holds the projector's lease and runs it; otherwise its position is read from its checkpoint. */
  active = false;
  /** The lease token its checkpoint writes carry. */
  token = 0;
  working: Promise<void> | null = null;
  parkedHere = new Set<number>();

  constructor(readonly projector: Projector) {}

  get name(): string {
    return this.projector.name;
  }

  get lease(): string {
    return `projector:${this.projector.name}`;
  }
}

/**
 * Runs every projector from its own checkpoint, in log order, and lets the API wait until the read
 * models it is about to read include a given position (read-your-writes).
 *
 * One subscription reads and parses the log once and hands each event to the projectors that want it
 * (a queue per projector), so each projector goes at its own pace: a page-view backlog in analytics does
 * not hold up the orders read model that an order's answer waits for. A projector that falls too far
 * behind stops being handed events and reads the log itself until it has caught up, then follows the
 * shared reader again. Projection work runs in short slices, so requests are answered in between.
 *
 * Each projector runs in exactly one instance at a time, the one holding its lease (`projector:<name>`):
 * there it applies events and writes its checkpoint, each write carrying the lease's token, so an
 * instance that lost the lease cannot move the checkpoint any more. The other instances read its
 * position from the checkpoint, which is how an answer waits for its write to be projected whichever
 * instance projects it, and how their caches learn what changed. On the embedded store one process
 * holds every lease.
 *
 * An event a projector cannot apply is parked: recorded with its error, reported by the readiness
 * endpoint and the back office, and skipped by that projector only, so the others and every command
 * carry on. A parked event is applied again on request, once the cause is fixed.
 */
@Injectable()
export class ProjectionRunner implements OnModuleDestroy {
  private readonly logger = new Logger('Projections');
  private lanes: Lane[] = [];
  private byName = new Map<string, Lane>();
  private subscription: Subscription | null = null;
  /** The newest event the shared reader has handed out. */
  private head: number | null = null;
  private waiters: Waiter[] = [];
  private applied = 0;
  private started = false;
  private stopping = false;
  private checkpointTimer: NodeJS.Timeout | null = null;
  private observeTimer: NodeJS.Timeout | null = null;
  private readonly appliedListeners = new Map<AppliedListener, readonly string[] | null>();
  private checkpointWrites: Promise<void> = Promise.resolve();
  private observing: Promise<void> = Promise.resolve();
  private jobsRegistered = false;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    /** The projectors, or how to find them once every provider exists (the contexts register their own). */
    @Inject(PROJECTORS) private readonly projectors: Projector[] | (() => Projector[]),
    private readonly leases: LeaseKeeper,
    @Optional() private readonly requests?: RequestsInFlight,
  ) {}

  /** Lanes for the projectors, found at the first start. */
  private collectProjectors(): void {
    if (this.lanes.length > 0) return;
    const projectors = typeof this.projectors === 'function' ? this.projectors() : this.projectors;
    this.lanes = projectors.map((projector) => new Lane(projector));
    this.byName = new Map(this.lanes.map((lane) => [lane.name, lane]));
    if (this.byName.size !== this.lanes.length) throw new Error('Two projectors have the same name');
  }

  private get checkpointDocs() {
    return this.readStore.collection<Checkpoint>(CHECKPOINTS_COLLECTION);
  }

  private get parkedDocs() {
    return this.readStore.collection<ParkedEvent>(PARKED_EVENTS_COLLECTION);
  }

  /** Reads every projector's checkpoint, follows the log, and runs the projectors whose leases this instance takes. */
  /**
   * Read models that have applied events the log does not hold: the log was lost, emptied, or replaced by an
   * older copy. Projecting on would skip every new event up to the read models' position (their checkpoints
   * say those were applied), so the start is refused, saying what to do.
   */
  private async assertLogReaches(applied: number | null): Promise<void> {
    if (applied === null) return;
    const head = await this.eventStore.headPosition();
    if (head === null || head < applied) throw new EventLogBehindError(applied, head);
  }

  async start(): Promise<void> {
    this.stopping = false;
    this.collectProjectors();
    for (const lane of this.lanes) {
      const checkpoint = await this.checkpointDocs.findOne({ _id: lane.name });
      lane.position = checkpoint && (checkpoint.version ?? 1) === (lane.projector.version ?? 1) ? checkpoint.position : null;
      lane.written = lane.position;
      lane.tail = lane.position;
      lane.queue = [];
      lane.active = false;
      lane.attached = false;
    }
    // The shared reader starts where the most advanced projector stands; those behind it catch up on their own.
    this.head = this.lanes.reduce<number | null>((newest, lane) => (lane.position !== null && (newest === null || lane.position > newest) ? lane.position : newest), null);
    await this.assertLogReaches(this.head);
    this.subscription = this.eventStore.subscribeToAll(this.head, (event) => this.dispatch(event), (error) => this.cannotRead(error));
    this.checkpointTimer = setInterval(() => void this.writeCheckpoints(), this.leases.shared ? SHARED_CHECKPOINT_INTERVAL_MS : CHECKPOINT_INTERVAL_MS);
    this.checkpointTimer.unref();
    this.started = true;
    // Leases this instance still holds (a rebuild restarts the runner) go on at once; the keeper brings the others.
    for (const lane of this.lanes) {
      const grant = this.leases.grant(lane.lease);
      if (grant) await this.activate(lane, grant);
    }
    if (!this.jobsRegistered) {
      this.jobsRegistered = true;
      for (const lane of this.lanes) this.leases.register({ name: lane.lease, start: (grant) => this.activate(lane, grant), stop: () => this.deactivate(lane) });
    }
    await this.leases.start();
    this.observe();
  }

  /** This instance took the projector's lease: it goes on from its checkpoint (rebuilding its read model first when its version changed). */
  private async activate(lane: Lane, grant: LeaseGrant): Promise<void> {
    if (this.stopping || !this.started) return;
    const version = lane.projector.version ?? 1;
    const checkpoint = await this.checkpointDocs.findOne({ _id: lane.name });
    lane.token = grant.token;
    if (checkpoint && (checkpoint.version ?? 1) !== version) {
      // Its read model changed shape: built again from the log, the others keep theirs.
      this.logger.log(`The ${lane.name} read model changed (version ${checkpoint.version ?? 1} → ${version}): rebuilding it from the log`);
      await this.reset(lane);
    }
    if (!checkpoint || (checkpoint.version ?? 1) !== version) await this.checkpointDocs.replaceOne({ _id: lane.name, position: null, version, token: grant.token });
    lane.position = checkpoint && (checkpoint.version ?? 1) === version ? checkpoint.position : null;
    lane.written = lane.position;
    lane.tail = lane.position;
    lane.queue = [];
    await lane.projector.prepare();
    lane.active = true;
    lane.attached = lane.position === this.head;
    if (!lane.attached) this.work(lane);
    this.releaseWaiters();
  }

  /** The lease is lost or given up: the projector stops after the event it is applying, and writes nothing more. */
  private async deactivate(lane: Lane): Promise<void> {
    lane.active = false;
    lane.attached = false;
    lane.queue = [];
    await lane.working;
  }

  async stop(): Promise<void> {
    this.started = false;
    this.stopping = true;
    if (this.checkpointTimer) clearInterval(this.checkpointTimer);
    this.checkpointTimer = null;
    if (this.observeTimer) clearTimeout(this.observeTimer);
    this.observeTimer = null;
    await this.observing;
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
    // A projector stuck on something outside (a mail server that never answers) must not hold up the shutdown.
    const stuck = new Promise<void>((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref());
    await Promise.race([Promise.all(this.lanes.map((lane) => lane.working)), stuck]);
    await this.writeCheckpoints();
    for (const lane of this.lanes) {
      lane.queue = [];
      lane.active = false;
      lane.attached = false;
    }
    for (const waiter of this.waiters) waiter.resolve(false);
    this.waiters = [];
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  /** Drops every read model and replays the whole log into it; resolves once caught up (or after `timeoutMs`, with false). */
  async rebuild(timeoutMs = 60_000): Promise<boolean> {
    await this.stop();
    for (const lane of this.lanes) await this.reset(lane);
    await this.start();
    return this.catchUp(timeoutMs);
  }

  /** Resolves true once each named projector (every read model when none is named) has passed `position`; false on timeout. */
  waitFor(position: number | null, projectors: readonly string[] = this.readModelNames(), timeoutMs = DEFAULT_WAIT_MS): Promise<boolean> {
    for (const name of projectors) if (!this.byName.has(name)) throw new Error(`No projector named ${name}`);
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
    if (!caughtUp || (position !== null && projectors.some((name) => this.byName.get(name)?.parkedHere.has(position)))) {
      throw new NotYetVisibleError(location);
    }
  }

  async catchUp(timeoutMs = 60_000): Promise<boolean> {
    return this.waitFor(await this.eventStore.headPosition(), this.readModelNames(), timeoutMs);
  }

  /** Resolves once every projector and reactor has handled the log up to its current head. */
  async drain(timeoutMs = 10_000): Promise<boolean> {
    return this.waitFor(await this.eventStore.headPosition(), [...this.byName.keys()], timeoutMs);
  }

  /** The last log position the named projector applied in this process (or read from its checkpoint). */
  positionOf(projectorName: string): number | null {
    return this.lane(projectorName).position;
  }

  /**
   * Tells `listener` of every event a projector has applied (its read model now shows it), so caches of
   * answers built from that read model can drop exactly what the event changed. Answers the way to stop.
   */
  onApplied(listener: AppliedListener, projectors: readonly string[] | null = null): () => void {
    this.appliedListeners.set(listener, projectors);
    return () => this.appliedListeners.delete(listener);
  }

  checkpoints(): Record<string, number | null> {
    return Object.fromEntries(this.lanes.map((lane) => [lane.name, lane.position]));
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
    const lane = this.byName.get(projectorName);
    if (!parked || !lane) throw new NotFoundError('No such parked event');
    const [event] = await this.eventStore.readAll(position - 1, 1);
    if (!event || event.id !== parked.eventId) throw new NotFoundError('The parked event is no longer in the log');
    try {
      await lane.projector.apply(event);
    } catch (error) {
      await this.parkedDocs.updateOne({ _id: parked._id }, { $set: { error: describe(error) }, $inc: { attempts: 1 } });
      throw error;
    }
    await this.parkedDocs.deleteOne({ _id: parked._id });
    lane.parkedHere.delete(position);
  }

  private lane(name: string): Lane {
    const lane = this.byName.get(name);
    if (!lane) throw new Error(`No projector named ${name}`);
    return lane;
  }

  /** The shared reader's handler: hands the event to the projectors that follow it and want it. Never waits. */
  private dispatch(event: RecordedEvent): void {
    if (this.stopping) return;
    this.head = event.position;
    for (const lane of this.lanes) {
      if (!lane.active || !lane.attached) continue;
      lane.tail = event.position;
      if (lane.projector.canHandle(event)) {
        if (lane.queue.length >= MAX_QUEUED_EVENTS) {
          // Too far behind: it reads the log on its own from where it stands, and stops holding events in memory.
          lane.attached = false;
          lane.queue = [];
        } else lane.queue.push(event);
        this.work(lane);
      } else if (lane.working === null) {
        lane.position = event.position;
      }
    }
    this.releaseWaiters();
  }

  /** Starts the lane's worker unless it is running: it applies the lane's queue, or catches up from the log when detached. */
  private work(lane: Lane): void {
    if (lane.working || this.stopping || !lane.active) return;
    lane.working = this.workOff(lane)
      .catch((error: unknown) => {
        if (!this.stopping) this.logger.error(`The ${lane.name} projector stopped: ${describe(error)}`);
      })
      .finally(() => {
        lane.working = null;
        if (this.stopping || !lane.active) return;
        // Handed more while finishing, or left detached: go on; else it stands where the reader has passed it.
        if (lane.queue.length > 0 || !lane.attached) this.work(lane);
        else this.advanceToTail(lane);
      });
  }

  /** Whether an answer (or a caller of waitFor) is waiting for this projector. */
  private awaited(lane: Lane): boolean {
    return this.waiters.some((waiter) => waiter.projectors.includes(lane.name));
  }

  /** An attached projector with nothing queued is as far as the shared reader has handed out. */
  private advanceToTail(lane: Lane): void {
    if (lane.tail !== null && (lane.position === null || lane.tail > lane.position)) lane.position = lane.tail;
    this.releaseWaiters();
  }

  private async workOff(lane: Lane): Promise<void> {
    let sliceStarted = performance.now();
    const breathe = async () => {
      if (performance.now() - sliceStarted < SLICE_MS) return;
      if (this.requests?.busy && !this.awaited(lane)) await new Promise<void>((resolve) => setTimeout(resolve, BACKGROUND_REST_MS));
      else await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStarted = performance.now();
    };
    for (;;) {
      if (this.stopping || !lane.active) return;
      const run: RecordedEvent[] = [];
      while (run.length < this.batchLimit && lane.queue.length > 0 && this.batchable(lane, lane.queue[0])) run.push(lane.queue.shift()!);
      if (run.length > 0) {
        await this.applyRun(lane, run, run[run.length - 1].position);
        await breathe();
        continue;
      }
      const event = lane.queue.shift();
      if (event) {
        await this.apply(lane, event);
        await breathe();
        continue;
      }
      if (lane.attached) {
        this.advanceToTail(lane);
        return;
      }
      await this.catchUpFromLog(lane, breathe);
      await breathe();
    }
  }

  /**
   * A detached projector reads the next events from the log itself, up to where the shared reader stands,
   * then follows it again. It lets requests in between events as when it follows the reader: a batch
   * applied in one go held the thread for as long as its 500 events took (a page-view backlog held it
   * for 175 ms at a time, and order placement fell from 206 to 5 orders/s beside it).
   */
  private async catchUpFromLog(lane: Lane, breathe: () => Promise<void>): Promise<void> {
    const batch = await this.eventStore.readAll(lane.position, CATCH_UP_BATCH);
    // Consecutive events the projector batches are applied as runs; events it has nothing to do with do not break a run.
    let run: RecordedEvent[] = [];
    let through = 0;
    const applyRun = async () => {
      if (run.length === 0 || this.stopping || !lane.active) return;
      const events = run;
      run = [];
      await this.applyRun(lane, events, through);
      await breathe();
    };
    for (const event of batch) {
      if (this.stopping || !lane.active || (this.head !== null && event.position > this.head)) break;
      if (!lane.projector.canHandle(event)) {
        if (run.length > 0) through = event.position;
        else lane.position = event.position;
      } else if (this.batchable(lane, event)) {
        run.push(event);
        through = event.position;
        if (run.length >= this.batchLimit) await applyRun();
        continue;
      } else {
        await applyRun();
        await this.apply(lane, event);
      }
      await breathe();
    }
    await applyRun();
    // Single-threaded: nothing can be handed out between this check and following the reader again.
    if (lane.position === this.head || (lane.position !== null && this.head !== null && lane.position >= this.head)) {
      lane.attached = true;
      lane.tail = this.head;
    }
    this.releaseWaiters();
  }

  private get batchLimit(): number {
    return Math.max(1, Math.min(MAX_BATCH, this.readStore.eventsPerBatch));
  }

  private batchable(lane: Lane, event: RecordedEvent): boolean {
    return lane.projector.planBatch !== undefined && lane.projector.batches?.(event) === true;
  }

  /**
   * Applies a run of events the projector batches: its writes and its checkpoint, past `through`, in one
   * transaction (see Projector.planBatch). Retried like one event; a run that still fails is applied again
   * event by event, so that only the event at fault is parked.
   */
  private async applyRun(lane: Lane, events: readonly RecordedEvent[], through: number): Promise<void> {
    const fenced = (error: unknown) => error instanceof StaleWriteError && error.collection === CHECKPOINTS_COLLECTION;
    // A duplicate will not pass either: the run meets writes an earlier apply of one of its events made (see CounterMoves).
    const failure = await this.retried(
      async () => this.commitRun(lane, await lane.projector.planBatch!(events), through),
      (error) => fenced(error) || error instanceof DuplicateKeyError,
    );
    if (fenced(failure)) {
      // A newer holder of the lease wrote the checkpoint: this instance stops running the projector, none of the run written.
      // (Not awaited: stopping the projector waits for this very work to end.)
      void this.leases.lost(lane.lease);
      return;
    }
    if (failure !== null) {
      this.logger.warn(`${lane.name} could not apply ${events.length} events at once (${describe(failure)}): applying them one by one`);
      for (const event of events) {
        if (this.stopping || !lane.active) return;
        await this.apply(lane, event);
      }
      if (lane.position === null || lane.position < through) lane.position = through;
      return;
    }
    this.applied += events.length;
    for (const event of events) this.tellApplied(lane.name, event);
    this.releaseWaiters();
  }

  /**
   * A run's writes and the projector's checkpoint in one transaction, after any checkpoint write under way (so
   * that none writes an older position after it, and the run is never applied again). The checkpoint write is
   * fenced by the lease token: the run is refused with it.
   */
  private commitRun(lane: Lane, writes: BatchWrite[], through: number): Promise<void> {
    const committed = this.checkpointWrites.then(async () => {
      await this.readStore.writeAll([...writes, { ...this.checkpointWrite(lane, through, false), required: true }]);
      lane.position = through;
      lane.written = through;
    });
    this.checkpointWrites = committed.catch(() => undefined);
    return committed;
  }

  private async apply(lane: Lane, event: RecordedEvent): Promise<void> {
    const failure = await this.retried(() => lane.projector.apply(event));
    if (failure !== null) await this.park(lane, event, failure, RETRY_DELAYS_MS.length + 1);
    this.applied += 1;
    lane.position = event.position;
    this.tellApplied(lane.name, event);
    this.releaseWaiters();
  }

  /**
   * `work`, tried again after RETRY_DELAYS_MS (a passing failure, a dropped connection): null once it succeeds,
   * else the error it still fails with, or at once with one that `lasting` says will not pass. While stopping,
   * an error is thrown instead.
   */
  private async retried(work: () => Promise<void>, lasting: (error: unknown) => boolean = () => false): Promise<unknown> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await work();
        return null;
      } catch (error) {
        if (lasting(error)) return error;
        if (this.stopping) throw error;
        if (attempt >= RETRY_DELAYS_MS.length) return error;
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
      }
    }
  }

  /**
   * Writes the checkpoints of the projectors this instance runs that moved, after any write still under
   * way. Each write carries the lease's token and is refused when a newer token wrote the checkpoint:
   * another instance took the lease, so this one stops running the projector.
   */
  private writeCheckpoints(): Promise<void> {
    this.checkpointWrites = this.checkpointWrites.then(async () => {
      const moved = this.lanes.filter((lane) => lane.active && lane.position !== lane.written).map((lane) => ({ lane, position: lane.position }));
      if (moved.length === 0) return;
      // Every checkpoint that moved in one batch (on a shared database this runs every 20 ms: one round trip, not one per projector).
      try {
        await this.readStore.writeAll(moved.map(({ lane, position }) => this.checkpointWrite(lane, position, true)));
        for (const { lane, position } of moved) lane.written = position;
        return;
      } catch {
        // A lease lost (or a passing failure): each on its own, to tell which.
      }
      for (const { lane, position } of moved) {
        if (!lane.active) continue;
        try {
          const { filter, update } = this.checkpointWrite(lane, position, true);
          await this.checkpointDocs.updateOne(filter, update, { upsert: true });
          lane.written = position;
        } catch (error) {
          if (error instanceof DuplicateKeyError && error.fields === '_id') {
            await this.leases.lost(lane.lease);
            continue;
          }
          this.logger.warn(`Checkpoint of ${lane.name} not written: ${describe(error)}`);
        }
      }
    });
    return this.checkpointWrites;
  }

  /** A projector's checkpoint at `position`, fenced by its lease token: refused when a newer token wrote it (another instance took the lease). */
  private checkpointWrite(lane: Lane, position: number | null, upsert: boolean): Extract<BatchWrite, { kind: 'update' }> {
    return {
      kind: 'update',
      collection: CHECKPOINTS_COLLECTION,
      filter: { _id: lane.name, $or: [{ token: { $exists: false } }, { token: { $lte: lane.token } }] },
      update: { $set: { position, version: lane.projector.version ?? 1, token: lane.token } },
      upsert,
    };
  }

  /**
   * Follows the projectors other instances run: their positions from their checkpoints (often while an
   * answer waits for one), and, for those a cache listens to, the events they applied in between.
   */
  private observe(): void {
    if (this.stopping) return;
    const waiting = this.waiters.some((waiter) => waiter.projectors.some((name) => !this.byName.get(name)?.active));
    this.observeTimer = setTimeout(() => {
      this.observing = this.observeOnce()
        .catch((error: unknown) => this.logger.warn(`Reading other instances' positions failed: ${describe(error)}`))
        .finally(() => this.observe());
    }, waiting ? OBSERVE_WAITING_MS : OBSERVE_IDLE_MS);
    this.observeTimer.unref();
  }

  private async observeOnce(): Promise<void> {
    const others = this.lanes.filter((lane) => !lane.active);
    if (others.length === 0) return;
    const checkpoints = await this.checkpointDocs.find({ _id: { $in: others.map((lane) => lane.name) } });
    for (const checkpoint of checkpoints) {
      const lane = this.byName.get(checkpoint._id);
      if (!lane || lane.active || checkpoint.position === null || (lane.position !== null && checkpoint.position <= lane.position)) continue;
      if ((checkpoint.version ?? 1) !== (lane.projector.version ?? 1)) continue;
      const from = lane.position;
      lane.position = checkpoint.position;
      if (this.listenedTo(lane.name)) await this.tellAppliedBetween(lane, from, checkpoint.position);
    }
    this.releaseWaiters();
  }

  /** Tells the listeners of the events another instance's projector applied between two of its positions. */
  private async tellAppliedBetween(lane: Lane, from: number | null, to: number): Promise<void> {
    for (let after = from; after === null || after < to; ) {
      const batch = await this.eventStore.readAll(after, CATCH_UP_BATCH);
      if (batch.length === 0) return;
      for (const event of batch) {
        if (event.position > to) return;
        if (lane.projector.canHandle(event)) this.tellApplied(lane.name, event);
      }
      after = batch[batch.length - 1].position;
    }
  }

  private listenedTo(projector: string): boolean {
    return [...this.appliedListeners.values()].some((names) => names === null || names.includes(projector));
  }

  private tellApplied(projector: string, event: RecordedEvent): void {
    for (const [listener, names] of this.appliedListeners) if (names === null || names.includes(projector)) listener(projector, event);
  }

  /** Empties a projector's read model and forgets its checkpoint and parked events. */
  private async reset(lane: Lane): Promise<void> {
    for (const collection of lane.projector.collections) await this.readStore.dropCollection(collection);
    await this.checkpointDocs.deleteOne({ _id: lane.name });
    await this.parkedDocs.deleteMany({ projector: lane.name });
    lane.position = null;
    lane.written = null;
    lane.tail = null;
    lane.parkedHere.clear();
  }

  private async park(lane: Lane, event: RecordedEvent, error: unknown, attempts: number): Promise<void> {
    this.logger.error(`${lane.name} parked ${event.type} at ${event.position} (${event.streamId}) after ${attempts} attempts`, (error as Error).stack);
    await this.parkedDocs.replaceOne({
      _id: parkedId(lane.name, event.position),
      projector: lane.name,
      position: event.position,
      eventId: event.id,
      streamId: event.streamId,
      type: event.type,
      error: describe(error),
      attempts,
      parkedAt: new Date().toISOString(),
    });
    lane.parkedHere.add(event.position);
  }

  /** Read models only: a slow mail server must not hold up an answer. */
  private readModelNames(): string[] {
    return this.lanes.filter((lane) => !lane.projector.reactsOnly).map((lane) => lane.name);
  }

  private reached(position: number, projectors: readonly string[]): boolean {
    return projectors.every((name) => (this.byName.get(name)?.position ?? 0) >= position);
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
