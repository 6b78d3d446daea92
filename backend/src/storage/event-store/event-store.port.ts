/**
 * The write side's only storage: append-only streams with optimistic concurrency,
 * and one global, totally ordered log that projectors follow.
 */
export interface EventMetadata {
  correlationId: string;
  causationId: string | null;
  actorId: string | null;
  occurredAt: string;
}

export interface NewEvent<Data = unknown> {
  type: string;
  version: number;
  data: Data;
  metadata: EventMetadata;
}

export interface RecordedEvent<Data = unknown> extends NewEvent<Data> {
  id: string;
  streamId: string;
  /** 0-based index of the event inside its stream. */
  revision: number;
  /** Monotonic position in the global log; opaque apart from its order. */
  position: number;
}

/** `no_stream`: the stream must not exist yet; a number: the revision of the stream's last event. */
export type ExpectedRevision = 'no_stream' | 'any' | number;

export interface AppendResult {
  /** Revision of the last appended event. */
  revision: number;
  /** Global position of the last appended event. */
  position: number;
}

export interface Subscription {
  stop(): Promise<void>;
}

/** A handler that returns nothing has taken the event at once (the projection runner hands it on without waiting). */
export type EventHandler = (event: RecordedEvent) => Promise<void> | void;

export interface EventStore {
  /**
   * True when this process is the only writer of the log (the embedded store under its DATA_DIR lock).
   * Appends are then applied in the order they were made, so a command may be decided on the state an
   * earlier, still unconfirmed append of the same stream will leave: if that append fails, the later one
   * expects a revision the stream never reaches, and fails too.
   */
  readonly soleWriter: boolean;
  /** Appends atomically: all events or none. Durable once the promise resolves. */
  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /**
   * The events of a stream from revision `from` (default 0) on, in order; empty when the stream does
   * not exist or has nothing that new. Costs the same however long the stream is before `from`.
   */
  readStream(streamId: string, from?: number): Promise<RecordedEvent[]>;
  /** Revision of the stream's last event, null when the stream does not exist. */
  streamRevision(streamId: string): Promise<number | null>;
  /** Up to `limit` events of the global log strictly after `after` (null: from the start). */
  readAll(after: number | null, limit: number): Promise<RecordedEvent[]>;
  /** Position of the newest event in the log, null when empty. */
  headPosition(): Promise<number | null>;
  /**
   * Delivers every event after `after`, one at a time, in log order: first the history,
   * then new events as they are appended. The handler's promise is awaited before the next event;
   * when it rejects, the same event is delivered again (after a pause), never skipped. When the log
   * itself cannot be read (a damaged event), `onReadFailure` is told, and reading is tried again.
   */
  subscribeToAll(after: number | null, handler: EventHandler, onReadFailure?: (error: unknown) => void): Subscription;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId} is at ${actual}, expected ${expected}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export const EVENT_STORE = Symbol('EVENT_STORE');
