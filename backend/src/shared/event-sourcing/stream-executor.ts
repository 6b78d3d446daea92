import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EVENT_STORE, EventStore, ExpectedRevision, WrongExpectedRevisionError } from '../../storage/event-store/event-store.port';
import { ConflictError } from '../errors';
import { CommandContext, Decider, DomainEvent } from './domain-event';

export interface ExecutionResult<Event extends DomainEvent> {
  events: Event[];
  /** Global position of the last appended event; null when the command decided nothing. */
  position: number | null;
}

const MAX_ATTEMPTS = 5;

/**
 * Runs a command against one stream: read, fold, decide, append at the revision read.
 * A concurrent writer makes the append fail; the command is then decided again on the
 * fresh state, a bounded number of times, before the caller gets a 409.
 */
@Injectable()
export class StreamExecutor {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async load<State, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<unknown, State, Event>,
  ): Promise<{ state: State; revision: ExpectedRevision }> {
    const recorded = await this.eventStore.readStream(streamId);
    const state = recorded.reduce(
      (current, event) => decider.evolve(current, { type: event.type, version: event.version, data: event.data } as Event),
      decider.initialState,
    );
    const revision: ExpectedRevision = recorded.length === 0 ? 'no_stream' : recorded[recorded.length - 1].revision;
    return { state, revision };
  }

  async execute<Command, State, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<Command, State, Event>,
    command: Command,
    context: CommandContext,
  ): Promise<ExecutionResult<Event>> {
    for (let attempt = 1; ; attempt += 1) {
      const { state, revision } = await this.load(streamId, decider as Decider<unknown, State, Event>);
      const events = decider.decide(command, state);
      if (events.length === 0) return { events, position: null };
      try {
        const result = await this.eventStore.append(streamId, events.map((event) => this.envelope(event, context)), revision);
        return { events, position: result.position };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (attempt >= MAX_ATTEMPTS) throw new ConflictError('The record was changed by someone else at the same time. Please try again.');
      }
    }
  }

  /** Appends to a stream that must not exist yet: the way ids are claimed. */
  async start<Event extends DomainEvent>(streamId: string, events: Event[], context: CommandContext): Promise<number> {
    const result = await this.eventStore.append(streamId, events.map((event) => this.envelope(event, context)), 'no_stream');
    return result.position;
  }

  private envelope(event: DomainEvent, context: CommandContext) {
    return {
      type: event.type,
      version: event.version,
      data: event.data,
      metadata: {
        correlationId: context.correlationId,
        causationId: null,
        actorId: context.actorId,
        occurredAt: new Date().toISOString(),
      },
    };
  }
}

export function systemContext(): CommandContext {
  return { actorId: null, correlationId: randomUUID() };
}
