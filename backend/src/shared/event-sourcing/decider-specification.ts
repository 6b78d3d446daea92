import { DomainEvent } from '../contract/domain-event';
import { Decider } from './decider';

/**
 * Jest's global `expect`, narrowed to the matchers used here. Declared in this module because the
 * production build (tsconfig.build.json) compiles this file without Jest's types; under Jest it is Jest's own.
 */
declare const expect: (actual: unknown) => {
  toEqual(expected: unknown): void;
  toThrow(expected?: string | RegExp | (abstract new (...args: never[]) => Error)): void;
};

type ErrorClass = abstract new (...args: never[]) => Error;

export interface DeciderThen<Event extends DomainEvent> {
  /** `decide` returns exactly these events. */
  then(expected: Event[]): void;
  /** `decide` records nothing: the command is a repeat, or asks for what already holds. */
  thenNothing(): void;
  /** `decide` refuses with an instance of `error`, whose message contains (string) or matches (RegExp) `message`. */
  thenThrows(error: ErrorClass, message?: string | RegExp): void;
}

export interface DeciderWhen<Command, Event extends DomainEvent> {
  when(command: Command): DeciderThen<Event>;
}

export interface DeciderGiven<Command, Event extends DomainEvent> {
  /** The events already on the stream, oldest first, in any recorded version (the decider upcasts them). */
  given(events: DomainEvent[]): DeciderWhen<Command, Event>;
}

/** The state a stream of these events folds into, exactly as the stream executor folds it: each event upcast, then evolved. */
export function stateAfter<State, Event extends DomainEvent>(decider: Decider<unknown, State, Event>, events: DomainEvent[]): State {
  return events.reduce((state, event) => decider.evolve(state, decider.upcast ? decider.upcast(event) : (event as Event)), decider.initialState);
}

/**
 * Test support for pure deciders, in the style of Emmett's: given the events on the stream,
 * when a command arrives, then these events are decided, or nothing, or this error.
 *
 *   DeciderSpecification.for(orderDecider).given([placed()]).when({ kind: 'cancel', reason }).then([cancelled()]);
 */
export const DeciderSpecification = {
  for<Command, State, Event extends DomainEvent>(decider: Decider<Command, State, Event>): DeciderGiven<Command, Event> {
    return {
      given(events) {
        const state = stateAfter(decider, events);
        return {
          when(command) {
            const decide = () => decider.decide(command, state);
            return {
              then: (expected) => expect(decide()).toEqual(expected),
              thenNothing: () => expect(decide()).toEqual([]),
              thenThrows(error, message) {
                expect(decide).toThrow(error);
                if (message !== undefined) expect(decide).toThrow(message);
              },
            };
          },
        };
      },
    };
  },
};
