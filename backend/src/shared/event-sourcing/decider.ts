import { DomainEvent } from '../contract/domain-event';

/**
 * Pure business rules of one stream: `decide` turns a command into new events given
 * the current state, `evolve` folds an event into the state. No I/O, so unit tests need no store.
 * `upcast` turns an event recorded under an older version into the current shape before `evolve` sees it.
 */
export interface Decider<Command, State, Event extends DomainEvent> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
  upcast?(event: DomainEvent): Event;
}
