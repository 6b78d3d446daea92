import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Pool } from 'pg';
import {
  AppendResult,
  EventHandler,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
  Subscription,
  WrongExpectedRevisionError,
} from './event-store.port';
import { Outcome } from '../group-commit';
import { migrate, openPostgresPool, postgresClientConfig, PostgresSettings } from '../postgres/postgres-database';

/*
 * Why positions are safe to checkpoint on: ONE APPENDER AT A TIME.
 *
 * A position taken from a sequence is assigned when the row is inserted, not when it commits, so with
 * free-running appenders transaction A can take position 10, transaction B take 11 and commit first: a
 * reader that sees 11 moves its checkpoint past 10 and never sees A's event (the sequence-gap problem).
 * Marten and Emmett's PostgreSQL store solve this on the read side: they store the writing transaction's
 * id with each event and read only below the oldest transaction still running (pg_snapshot_xmin), so their
 * checkpoint is the pair (transaction_id, position). We solve it on the write side instead: every append
 * transaction first takes one transaction-level advisory lock (APPEND_LOCK), and only then draws positions.
 * The lock is released after the commit is visible, so positions are drawn and committed in order, and a
 * reader can never see N+1 while N is still uncommitted. The position alone is then a safe checkpoint and
 * this adapter, like the SQLite and KurrentDB ones, keeps one number as position. A rolled-back append
 * leaves a gap in the numbers that stays a gap forever, which readers do not mind. (This relies on the
 * identity sequence's CACHE 1, its default: a session caching a range would hand out numbers out of order.)
 *
 * The cost is that appends from every instance are serialised; group commit pays it back. Appends made in
 * one turn of the event loop (and those made while the previous batch was in flight) go to the server as
 * ONE call of the function shop_events_append_v1 (one round trip, one lock, one commit, one NOTIFY). The
 * call is a single statement run as its own implicit transaction, so the lock is never held across a round
 * trip to this process: a stalled instance cannot keep the others from appending. Inside, each append runs
 * in its own BEGIN … EXCEPTION block, PL/pgSQL's savepoint, so an append that conflicts or fails is undone
 * alone and the others commit. A batch holds at most MAX_APPENDS_PER_BATCH appends, so its subtransactions
 * stay within the 64 a backend caches (beyond that, every other session's snapshots get slower).
 */
const APPEND_LOCK = '8315164186738747764'; // 'shop_evt' in ASCII; outside the int4 range of migrate()'s hashtext keys
const CHANNEL = 'shop_events';
const APPEND_FUNCTION = 'shop_events_append_v1';
const MAX_APPENDS_PER_BATCH = 60;

const SUBSCRIPTION_BATCH = 500;
/** NOTIFY wakes subscriptions at once; polling still finds what a lost notification or a dropped listener missed. */
const SUBSCRIPTION_POLL_MS = 500;
/** Pause before an event whose handler failed is delivered again, or an unreadable log is read again. */
const SUBSCRIPTION_RETRY_MS = 500;
const LISTENER_RETRY_MS = 1000;

/**
 * Every statement is idempotent; migrate() runs them under its advisory lock, so instances starting together
 * take turns. The function is versioned by name: a later version of it gets a new name, so instances of this
 * version keep calling the body they were written for during a rolling deploy.
 */
const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS shop_events (
    position BIGINT GENERATED ALWAYS AS IDENTITY (CACHE 1) PRIMARY KEY,
    id UUID NOT NULL CONSTRAINT shop_events_id UNIQUE,
    stream_id TEXT NOT NULL,
    revision INTEGER NOT NULL CHECK (revision >= 0),
    type TEXT NOT NULL,
    version INTEGER NOT NULL,
    data JSONB NOT NULL,
    metadata JSONB NOT NULL,
    CONSTRAINT shop_events_stream_revision UNIQUE (stream_id, revision)
  )`,
  /*
   * batch: [{ "streamId": text, "expected": null (any) | -1 (no stream) | revision, "events": [{ "id", "type",
   * "version", "data": JSON text, "metadata": JSON text }] }]. Payloads travel as JSON text and are cast inside
   * the append's own block, so one that PostgreSQL refuses (a \u0000 in a string) fails that append alone.
   * Returns one row per append, in order: {"revision", "position"}, {"conflict": true, "actual"}, or
   * {"error", "sqlstate"}.
   */
  `CREATE OR REPLACE FUNCTION ${APPEND_FUNCTION}(batch jsonb) RETURNS SETOF jsonb
  LANGUAGE plpgsql VOLATILE AS $fn$
  DECLARE
    item jsonb;
    event jsonb;
    current_revision integer;
    expected integer;
    next_revision integer;
    last_position bigint;
    newest bigint;
    failed_constraint text;
  BEGIN
    PERFORM pg_advisory_xact_lock(${APPEND_LOCK});
    FOR item IN SELECT a.value FROM jsonb_array_elements(batch) WITH ORDINALITY AS a(value, n) ORDER BY a.n LOOP
      BEGIN
        SELECT max(e.revision) INTO current_revision FROM shop_events e WHERE e.stream_id = item->>'streamId';
        expected := (item->>'expected')::integer;
        IF expected IS NOT NULL AND expected <> coalesce(current_revision, -1) THEN
          RETURN NEXT jsonb_build_object('conflict', true, 'actual', current_revision);
        ELSE
          next_revision := coalesce(current_revision, -1);
          FOR event IN SELECT v.value FROM jsonb_array_elements(item->'events') WITH ORDINALITY AS v(value, n) ORDER BY v.n LOOP
            next_revision := next_revision + 1;
            INSERT INTO shop_events (id, stream_id, revision, type, version, data, metadata)
            VALUES ((event->>'id')::uuid, item->>'streamId', next_revision, event->>'type', (event->>'version')::integer,
                    (event->>'data')::jsonb, (event->>'metadata')::jsonb)
            RETURNING shop_events.position INTO last_position;
          END LOOP;
          newest := last_position;
          RETURN NEXT jsonb_build_object('revision', next_revision, 'position', last_position);
        END IF;
      EXCEPTION
        WHEN unique_violation THEN
          GET STACKED DIAGNOSTICS failed_constraint = CONSTRAINT_NAME;
          IF failed_constraint = 'shop_events_stream_revision' THEN
            -- A writer that does not take the lock got there first: the same conflict, told the same way.
            SELECT max(e.revision) INTO current_revision FROM shop_events e WHERE e.stream_id = item->>'streamId';
            RETURN NEXT jsonb_build_object('conflict', true, 'actual', current_revision);
          ELSE
            RETURN NEXT jsonb_build_object('error', SQLERRM, 'sqlstate', SQLSTATE);
          END IF;
        WHEN OTHERS THEN
          RETURN NEXT jsonb_build_object('error', SQLERRM, 'sqlstate', SQLSTATE);
      END;
    END LOOP;
    -- Delivered to listeners when (and only if) this transaction commits.
    IF newest IS NOT NULL THEN
      PERFORM pg_notify('${CHANNEL}', newest::text);
    END IF;
  END
  $fn$`,
];

const COLUMNS = 'position::float8 AS position, id, stream_id, revision, type, version, data::text AS data, metadata::text AS metadata';

interface EventRow {
  position: number;
  id: string;
  stream_id: string;
  revision: number;
  type: string;
  version: number;
  data: string;
  metadata: string;
}

interface PendingAppend {
  streamId: string;
  expected: ExpectedRevision;
  /** This append as an element of the function's batch argument, serialised when it was asked for. */
  json: string;
}

type AppendOutcomeRow =
  | { revision: number; position: number }
  | { conflict: true; actual: number | null }
  | { error: string; sqlstate: string };

/** An append PostgreSQL refused for another reason than a conflict (a payload it cannot store, say). */
export class PostgresAppendError extends Error {
  constructor(
    readonly streamId: string,
    readonly code: string,
    message: string,
  ) {
    super(`Appending to ${streamId} failed: ${message} (SQLSTATE ${code})`);
    this.name = 'PostgresAppendError';
  }
}

/** A row of shop_events this application cannot use; it names the row, never a bare SyntaxError. */
export class DamagedPostgresEventError extends Error {
  constructor(
    readonly position: number,
    readonly streamId: string,
    part: string,
    problem: string,
  ) {
    super(`The event at position ${position} (stream ${streamId}) has damaged ${part}: ${problem}. The log is append-only: restore the shop_events table from a backup, or repair that row by hand.`);
    this.name = 'DamagedEventError';
  }
}

/**
 * The event store of instances that share one PostgreSQL database (DATABASE_URL): the table shop_events,
 * appended to under one advisory lock (see above), and followed through LISTEN/NOTIFY plus polling.
 */
export class PostgresEventStore implements EventStore {
  /** Every instance of the app appends to the same database. */
  readonly soleWriter: boolean = false;
  private readonly logger = new Logger('PostgresEventStore');
  private readonly appends = new AsyncGroupCommit<PendingAppend, AppendResult>((batch) => this.commitAppends(batch), MAX_APPENDS_PER_BATCH);
  private readonly subscriptions = new Set<Subscription>();
  /** One per live subscription: told that the log may have grown. */
  /** Each told of the newest position appended (null: unknown, read anyway). */
  private readonly wakers = new Set<(newest: number | null) => void>();
  private readonly stopListening = new AbortController();
  private listening: Promise<void> | null = null;
  private closed = false;
  private closing: Promise<void> | null = null;

  private constructor(
    private readonly pool: Pool,
    private readonly settings: PostgresSettings,
  ) {}

  static async open(settings: PostgresSettings): Promise<PostgresEventStore> {
    const pool = await openPostgresPool(settings, 'shop-events');
    try {
      await migrate(pool, 'events', SCHEMA);
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return new PostgresEventStore(pool, settings);
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('An append needs at least one event');
    if (this.closed) throw new Error('The event store is closed');
    // Serialised now, so an event that cannot be fails its own append, not the batch it would have joined.
    const json = JSON.stringify({
      streamId: storableText(streamId, 'stream id'),
      expected: expectedForFunction(expected),
      events: events.map((event) => ({
        id: randomUUID(),
        type: storableText(event.type, 'event type'),
        version: event.version,
        data: jsonText(event.data, event.type, 'data'),
        metadata: jsonText(event.metadata, event.type, 'metadata'),
      })),
    });
    return this.appends.enqueue({ streamId, expected, json });
  }

  /** One call, one transaction, for the whole batch; each append has its own outcome. */
  private async commitAppends(batch: PendingAppend[]): Promise<Outcome<AppendResult>[]> {
    const argument = `[${batch.map((pending) => pending.json).join(',')}]`;
    const { rows } = await this.pool.query<{ outcome: AppendOutcomeRow }>(`SELECT outcome FROM ${APPEND_FUNCTION}($1::jsonb) AS outcome`, [argument]);
    if (rows.length !== batch.length) throw new Error(`${APPEND_FUNCTION} answered ${rows.length} outcomes for ${batch.length} appends`);
    const outcomes = rows.map(({ outcome }, index): Outcome<AppendResult> => {
      const { streamId, expected } = batch[index];
      if ('conflict' in outcome) return { ok: false, error: new WrongExpectedRevisionError(streamId, expected, outcome.actual ?? 'no_stream') };
      if ('error' in outcome) return { ok: false, error: new PostgresAppendError(streamId, outcome.sqlstate, outcome.error) };
      return { ok: true, value: { revision: outcome.revision, position: outcome.position } };
    });
    // Subscriptions of this process need not wait for the NOTIFY to come back.
    const newest = outcomes.reduce<number | null>((max, outcome) => (outcome.ok && (max === null || outcome.value.position > max) ? outcome.value.position : max), null);
    if (newest !== null) this.wakeSubscriptions(newest);
    return outcomes;
  }

  async readStream(streamId: string, from = 0): Promise<RecordedEvent[]> {
    const first = Math.max(0, Math.min(Math.ceil(from), 2147483647));
    const { rows } = await this.pool.query<EventRow>(`SELECT ${COLUMNS} FROM shop_events WHERE stream_id = $1 AND revision >= $2 ORDER BY revision`, [streamId, first]);
    return rows.map(toRecordedEvent);
  }

  async streamRevision(streamId: string): Promise<number | null> {
    const { rows } = await this.pool.query<{ revision: number | null }>('SELECT max(revision) AS revision FROM shop_events WHERE stream_id = $1', [streamId]);
    return rows[0].revision;
  }

  async readAll(after: number | null, limit: number): Promise<RecordedEvent[]> {
    if (limit <= 0) return [];
    const { rows } = await this.pool.query<EventRow>(`SELECT ${COLUMNS} FROM shop_events WHERE position > $1 ORDER BY position LIMIT $2`, [after ?? 0, limit]);
    return rows.map(toRecordedEvent);
  }

  async headPosition(): Promise<number | null> {
    const { rows } = await this.pool.query<{ position: number | null }>('SELECT max(position)::float8 AS position FROM shop_events');
    return rows[0].position;
  }

  subscribeToAll(after: number | null, handler: EventHandler, onReadFailure?: (error: unknown) => void): Subscription {
    if (this.closed) throw new Error('The event store is closed');
    this.listening ??= this.keepListening();
    let stopped = false;
    const stopping = new AbortController();
    /** Set by every wake-up, so an append made while the handler was busy is not missed. */
    let appendedSinceRead = false;
    let wake: (() => void) | null = null;
    /**
     * An append is told twice, at its commit in this process and by its NOTIFY: a read started after either has
     * it (both come after the commit), so the second wakes nothing. `known`: the newest position told so far;
     * `covered`: the newest a read was started after.
     */
    let known = after ?? 0;
    let covered = after ?? 0;
    const onAppended = (newest: number | null) => {
      if (newest !== null && newest <= covered) return;
      if (newest !== null) known = Math.max(known, newest);
      appendedSinceRead = true;
      wake?.();
    };
    this.wakers.add(onAppended);

    const waitForNews = () =>
      new Promise<void>((resolve) => {
        if (appendedSinceRead || stopped) return resolve();
        const timer = setTimeout(() => done(), SUBSCRIPTION_POLL_MS);
        const done = () => {
          clearTimeout(timer);
          wake = null;
          resolve();
        };
        wake = done;
      });
    const pause = () => sleep(SUBSCRIPTION_RETRY_MS, undefined, { signal: stopping.signal }).catch(() => undefined);

    const loop = (async () => {
      let position = after;
      while (!stopped) {
        appendedSinceRead = false;
        covered = known;
        let batch: RecordedEvent[];
        try {
          batch = await this.readAll(position, SUBSCRIPTION_BATCH);
        } catch (error) {
          if (stopped) return;
          // Nothing after an unreadable event can be delivered in order: say so, and read again later (after a repair).
          this.logger.error(`Cannot read the log after position ${position ?? 0}: ${(error as Error).message}`);
          onReadFailure?.(error);
          await pause();
          continue;
        }
        let failed = false;
        for (const event of batch) {
          if (stopped) return;
          try {
            await handler(event);
          } catch (error) {
            // The same event is delivered again: skipping it would leave the subscriber behind the log for good.
            this.logger.error(`Subscriber failed on ${event.type} at ${event.position}; delivering it again`, (error as Error).stack);
            failed = true;
            await pause();
            break;
          }
          position = event.position;
        }
        if (batch.length < SUBSCRIPTION_BATCH && !failed && !stopped) await waitForNews();
      }
    })();

    const subscription: Subscription = {
      stop: async () => {
        stopped = true;
        stopping.abort();
        this.wakers.delete(onAppended);
        wake?.();
        this.subscriptions.delete(subscription);
        await loop.catch(() => undefined);
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** Stops the subscriptions, lets the appends already asked for commit, then closes every connection. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.closed = true;
      await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
      await this.appends.drain();
      this.stopListening.abort();
      await this.listening;
      await this.pool.end();
    })();
    return this.closing;
  }

  private wakeSubscriptions(newest: number | null): void {
    for (const wake of this.wakers) wake(newest);
  }

  /**
   * One connection of its own LISTENs while the store has subscriptions: each append transaction NOTIFYs at
   * commit, from whichever instance made it. When that connection drops it is opened again; until then,
   * and for any notification lost meanwhile, the subscriptions' polling delivers.
   */
  private async keepListening(): Promise<void> {
    const signal = this.stopListening.signal;
    const stopped = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    let failures = 0;
    while (!signal.aborted) {
      const client = new Client(postgresClientConfig(this.settings, 'shop-events-listener'));
      const lost = new Promise<Error | null>((resolve) => {
        client.on('error', (error) => resolve(error));
        client.on('end', () => resolve(null));
      });
      client.on('notification', (message) => {
        if (message.channel !== CHANNEL) return;
        const newest = Number(message.payload);
        this.wakeSubscriptions(Number.isFinite(newest) ? newest : null);
      });
      try {
        const listening = client.connect().then(() => client.query(`LISTEN ${CHANNEL}`));
        listening.catch(() => undefined);
        await Promise.race([listening, stopped]);
        if (signal.aborted) break;
        if (failures > 0) this.logger.log('Listening for appended events again');
        failures = 0;
        // Whatever was appended while nobody listened.
        this.wakeSubscriptions(null);
        const error = await Promise.race([lost, stopped.then(() => null)]);
        if (signal.aborted) break;
        failures += 1;
        this.logger.warn(`The LISTEN connection was lost (${error?.message ?? 'closed by the server'}); reconnecting, and polling every ${SUBSCRIPTION_POLL_MS} ms meanwhile`);
      } catch (error) {
        if (signal.aborted) break;
        if (failures === 0) this.logger.warn(`Cannot LISTEN for appended events (${(error as Error).message}); retrying, and polling every ${SUBSCRIPTION_POLL_MS} ms meanwhile`);
        failures += 1;
      } finally {
        await client.end().catch(() => undefined);
      }
      await sleep(LISTENER_RETRY_MS, undefined, { signal }).catch(() => undefined);
    }
  }
}

export function openPostgresEventStore(settings: PostgresSettings): Promise<PostgresEventStore> {
  return PostgresEventStore.open(settings);
}

/**
 * Group commit for a store whose commit is asynchronous: what is asked for in one turn of the event loop,
 * plus everything asked for while a batch is being committed, goes out as the next batch (at most
 * `maxBatch` items). One batch is in flight at a time; each item resolves with its own outcome once its
 * batch has committed, and every item of a batch whose commit fails is rejected with that failure.
 */
class AsyncGroupCommit<Item, Result> {
  private queue: { item: Item; resolve: (value: Result) => void; reject: (error: unknown) => void }[] = [];
  private scheduled = false;
  private active = false;
  private idle: (() => void)[] = [];

  constructor(
    private readonly commit: (items: Item[]) => Promise<Outcome<Result>[]>,
    private readonly maxBatch: number,
  ) {}

  enqueue(item: Item): Promise<Result> {
    const result = new Promise<Result>((resolve, reject) => this.queue.push({ item, resolve, reject }));
    if (!this.active && !this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        void this.run();
      });
    }
    return result;
  }

  /** Resolves once everything queued so far has been committed (or has failed). */
  drain(): Promise<void> {
    if (!this.active && this.queue.length === 0) return Promise.resolve();
    const drained = new Promise<void>((resolve) => this.idle.push(resolve));
    if (!this.active) void this.run();
    return drained;
  }

  private async run(): Promise<void> {
    if (this.active) return;
    this.active = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        let outcomes: Outcome<Result>[];
        try {
          outcomes = await this.commit(batch.map((waiting) => waiting.item));
        } catch (error) {
          for (const waiting of batch) waiting.reject(error);
          continue;
        }
        outcomes.forEach((outcome, index) => (outcome.ok ? batch[index].resolve(outcome.value) : batch[index].reject(outcome.error)));
      }
    } finally {
      // No await between the empty queue and this: an item enqueued from now on schedules a new run.
      this.active = false;
      const idle = this.idle;
      this.idle = [];
      for (const resolve of idle) resolve();
    }
  }
}

/** How the function reads the expected revision: null any, -1 no stream; a number no stream can be at never matches. */
function expectedForFunction(expected: ExpectedRevision): number | null {
  if (expected === 'any') return null;
  if (expected === 'no_stream') return -1;
  return Number.isInteger(expected) && expected >= 0 && expected <= 2147483647 ? expected : -2;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** PostgreSQL text holds neither NUL nor half a surrogate pair; refused here, such a string would fail the whole batch. */
function storableText(text: string, what: string): string {
  if (typeof text !== 'string' || text.includes('\u0000') || LONE_SURROGATE.test(text)) {
    throw new Error(`The ${what} ${JSON.stringify(text)} cannot be stored: PostgreSQL text holds no NUL character or unpaired surrogate`);
  }
  return text;
}

function jsonText(value: unknown, type: string, part: string): string {
  const text = JSON.stringify(value);
  if (typeof text !== 'string') throw new Error(`The ${part} of a ${type} event is not JSON`);
  return text;
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  const metadata = parseStored(row, 'metadata', row.metadata);
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    throw new DamagedPostgresEventError(row.position, row.stream_id, 'metadata', `expected an object, found ${row.metadata.slice(0, 100)}`);
  }
  return {
    id: row.id,
    streamId: row.stream_id,
    revision: row.revision,
    position: row.position,
    type: row.type,
    version: row.version,
    data: parseStored(row, 'data', row.data),
    metadata: metadata as EventMetadata,
  };
}

/** The columns are read as text and parsed here, so a value JSON.parse refuses names its row. */
function parseStored(row: EventRow, part: 'data' | 'metadata', text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new DamagedPostgresEventError(row.position, row.stream_id, part, (error as Error).message);
  }
}
