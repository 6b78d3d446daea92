/** A business fact as the write side decides it; the store adds ids, positions and metadata. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  version: number;
  data: Data;
}

/** Who asked for a change and in answer to what: recorded with every event for the audit trail. */
export interface CommandContext {
  actorId: string | null;
  correlationId: string;
}

/**
 * Pure business rules of one stream: `decide` turns a command into new events given
 * the current state, `evolve` folds an event into the state. No I/O, so unit tests need no store.
 */
export interface Decider<Command, State, Event extends DomainEvent> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}
