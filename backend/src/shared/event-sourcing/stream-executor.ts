import { Inject, Injectable } from '@nestjs/common';
import { AppendResult, EVENT_STORE, EventStore, RecordedEvent, WrongExpectedRevisionError } from '../../storage/event-store/event-store.port';
import { ConcurrencyConflictError } from '../errors';
import { DomainEvent } from '../contract/domain-event';
import { CommandContext } from './command-context';
import { Decider } from './decider';
import { KeyedQueue } from './keyed-queue';
import { StreamState, StreamStateCache } from './stream-state-cache';

export interface ExecutionResult<Event extends DomainEvent> {
  events: Event[];
  /** Global position of the last appended event; null when the command decided nothing. */
  position: number | null;
}

/**
 * Only another process can make an append conflict (this one queues its writers). Instances sharing a
 * database can meet on a hot stream (a product everyone buys) many times in a row, so conflicts are
 * retried for up to CONFLICT_BUDGET_MS, each wait up to twice as long as the last (jittered, at most
 * MAX_BACKOFF_MS), before the command is refused with 409.
 */
const CONFLICT_BUDGET_MS = 10_000;
const MAX_BACKOFF_MS = 200;

/**
 * Runs commands against streams: load, decide, append at the revision loaded.
 *
 * - One writer per stream inside this process: commands on one stream wait their turn, so a hot
 *   product is a queue, not a storm of conflicts. When this process is the log's sole writer, a
 *   command is decided as soon as the previous one has handed its events to the store, so the
 *   appends of one stream share a group commit.
 * - Optimistic concurrency across processes: the append names the revision its decision was made
 *   on; a conflict reloads the newer events and decides again, never dropping the command.
 * - Loading costs the same at 10 or 100,000 events: the state at a revision is cached, and only
 *   the events after it are read.
 */
@Injectable()
export class StreamExecutor {
  private readonly cache = new StreamStateCache();
  private readonly writers = new KeyedQueue();

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  /** The current state of a stream as recorded (never a decision still being written). */
  async load<Command, State, Event extends DomainEvent>(streamId: string, decider: Decider<Command, State, Event>): Promise<StreamState<State>> {
    for (;;) {
      const cached = this.cache.get<State>(decider, streamId);
      if (cached?.pending) {
        await cached.pending.catch(() => undefined);
        continue;
      }
      const current = await this.catchUp(streamId, decider, cached);
      if (this.cache.get(decider, streamId) === cached) this.cache.set(decider, streamId, current);
      return current;
    }
  }

  async execute<Command, State, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<Command, State, Event>,
    command: Command,
    context: CommandContext,
  ): Promise<ExecutionResult<Event>> {
    const started = Date.now();
    for (let attempt = 1; ; attempt += 1) {
      const decided = await this.decideInTurn(streamId, decider, command, context);
      if (decided.appended === null) return { events: decided.events, position: null };
      try {
        const { position } = await decided.appended;
        return { events: decided.events, position };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (Date.now() - started > CONFLICT_BUDGET_MS) throw new ConcurrencyConflictError();
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(MAX_BACKOFF_MS, 5 * 2 ** Math.min(attempt, 6))));
      }
    }
  }

  /** Appends to a stream that must not exist yet: the way ids are claimed. Fails with WrongExpectedRevisionError when it does. */
  async start<Event extends DomainEvent>(streamId: string, events: Event[], context: CommandContext): Promise<number> {
    const result = await this.eventStore.append(streamId, events.map((event) => envelope(event, context)), 'no_stream');
    return result.position;
  }

  /** The global position of the stream's event at `revision` (its last one, as `load` answered it); null for no such event. */
  async positionAt(streamId: string, revision: number | null): Promise<number | null> {
    if (revision === null) return null;
    const [event] = await this.eventStore.readStream(streamId, revision);
    return event?.position ?? null;
  }

  async exists(streamId: string): Promise<boolean> {
    return (await this.eventStore.streamRevision(streamId)) !== null;
  }

  private async decideInTurn<Command, State, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<Command, State, Event>,
    command: Command,
    context: CommandContext,
  ): Promise<{ events: Event[]; appended: Promise<AppendResult> | null }> {
    const endTurn = await this.writers.enter(streamId);
    try {
      const cached = this.cache.get<State>(decider, streamId);
      // A pending state is one this process is writing; nobody else can have written in between when it is the sole writer.
      const current = cached?.pending ? cached : await this.catchUp(streamId, decider, cached);
      const events = decider.decide(command, current.state);
      if (events.length === 0) {
        if (!current.pending) this.cache.set(decider, streamId, current);
        return { events, appended: null };
      }
      const appended = this.eventStore.append(streamId, events.map((event) => envelope(event, context)), current.revision ?? 'no_stream');
      const next: StreamState<State> = {
        state: events.reduce(decider.evolve, current.state),
        revision: (current.revision ?? -1) + events.length,
        pending: appended,
      };
      this.cache.set(decider, streamId, next);
      appended.then(
        () => (next.pending = null),
        () => this.cache.delete(decider, streamId, next),
      );
      if (!this.eventStore.soleWriter) await appended.catch(() => undefined);
      return { events, appended };
    } finally {
      endTurn();
    }
  }

  private async catchUp<Command, State, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<Command, State, Event>,
    cached: StreamState<State> | undefined,
  ): Promise<StreamState<State>> {
    const from = cached?.revision === null || cached === undefined ? 0 : cached.revision + 1;
    const newer = await this.eventStore.readStream(streamId, from);
    let state = cached?.state ?? decider.initialState;
    for (const recorded of newer) state = decider.evolve(state, asDomainEvent(recorded, decider as Decider<unknown, unknown, Event>));
    const revision = newer.length > 0 ? newer[newer.length - 1].revision : (cached?.revision ?? null);
    return { state, revision, pending: null };
  }
}

function asDomainEvent<Event extends DomainEvent>(recorded: RecordedEvent, decider: Decider<unknown, unknown, Event>): Event {
  const event: DomainEvent = { type: recorded.type, version: recorded.version, data: recorded.data };
  return decider.upcast ? decider.upcast(event) : (event as Event);
}

function envelope(event: DomainEvent, context: CommandContext) {
  return {
    type: event.type,
    version: event.version,
    data: event.data,
    metadata: {
      correlationId: context.correlationId,
      causationId: context.causationId ?? null,
      actorId: context.actorId,
      occurredAt: new Date().toISOString(),
    },
  };
}
