import { DomainEvent } from '../contract/domain-event';
import { Decider } from './decider';
import { BoundedMap } from '../bounded-map';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDecider<State> = Decider<any, State, DomainEvent>;

export interface StreamState<State> {
  state: State;
  /** Revision of the last event folded into `state`; null for a stream that does not exist. */
  revision: number | null;
  /** Set while the append that leads to this state is not yet durable. */
  pending: Promise<unknown> | null;
}

/** Streams kept per decider; the least recently used one is dropped first. */
const MAX_STREAMS_PER_DECIDER = 20_000;

/**
 * The state of recently used streams at a revision, per decider, so that loading a stream reads only
 * what was appended since. A cache, not a record: dropping an entry only costs one full read.
 */
export class StreamStateCache {
  private readonly byDecider = new WeakMap<object, BoundedMap<string, StreamState<unknown>>>();

  get<State>(decider: AnyDecider<State>, streamId: string): StreamState<State> | undefined {
    const streams = this.byDecider.get(decider);
    // A read makes the entry the newest: least-recently-used order.
    return streams?.touch(streamId) as StreamState<State> | undefined;
  }

  set<State>(decider: AnyDecider<State>, streamId: string, entry: StreamState<State>): void {
    let streams = this.byDecider.get(decider);
    if (!streams) this.byDecider.set(decider, (streams = new BoundedMap(MAX_STREAMS_PER_DECIDER)));
    streams.set(streamId, entry);
  }

  /** Forgets the entry, but only if it is still `entry`: a newer one was built on fresher facts. */
  delete<State>(decider: AnyDecider<State>, streamId: string, entry: StreamState<State>): void {
    const streams = this.byDecider.get(decider);
    if (streams?.get(streamId) === entry) streams.delete(streamId);
  }
}
