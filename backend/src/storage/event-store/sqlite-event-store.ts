import { Logger } from '@nestjs/common';
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  AppendResult,
  EventHandler,
  EventStore,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
  Subscription,
  WrongExpectedRevisionError,
} from './event-store.port';
import { openSqliteFile } from '../sqlite-file';
import { GroupCommit, Outcome } from '../group-commit';
import { WalSync } from '../wal-sync';
import { BoundedMap } from '../../shared/bounded-map';

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
  events: NewEvent[];
  expected: ExpectedRevision;
}

const SUBSCRIPTION_BATCH = 500;
/**
 * Streams whose last revision this store remembers (the most recently appended or read). As the log's sole writer
 * it knows every stream's head once it has seen it, so an append checks its expected revision and a reader asks
 * for events after the head without a query each (an order's placement asked the file for a stream's last revision
 * at each of its appends, and read back streams it had just written only to find nothing newer).
 */
const KNOWN_STREAMS = 50_000;
/** Appends made by another process on the same file are not signalled in-process, so live subscriptions also poll. */
const SUBSCRIPTION_POLL_MS = 500;

/**
 * The embedded default: one SQLite file in WAL mode, flushed to disk before an append resolves, so an
 * append that resolved survives a crash, kill -9 or a power cut; appends made together share that flush
 * (group commit), and the flush runs off the event loop (WalSync). Readers of the global log (projectors,
 * reactors) see an event only once it is on disk, so nothing is projected or mailed that a power cut could
 * take back. The autoincrement key is the global position.
 */
export class SqliteEventStore implements EventStore {
  /** The DATA_DIR lock keeps every other process out; group commit applies appends in the order they were made. */
  readonly soleWriter: boolean = true;
  private readonly db: Database.Database;
  private readonly appended = new EventEmitter();
  private readonly subscriptions = new Set<Subscription>();
  private readonly logger = new Logger('SqliteEventStore');
  /** Prepared once: preparing a statement on every call was a measurable share of each order. */
  private readonly statements: Record<'currentRevision' | 'insert' | 'readStream' | 'readAll' | 'headPosition', Database.Statement>;
  private readonly wal: WalSync;
  private readonly appends = new GroupCommit<PendingAppend, AppendResult>(
    (batch) => this.commitAppends(batch),
    () => this.flushed(),
  );
  /** The newest position committed, and the newest known to be on disk: the log as readers see it ends there. */
  private committedHead = 0;
  private durableHead = 0;
  /** Each remembered stream's last revision, as committed (see KNOWN_STREAMS); the oldest entry goes first. */
  private readonly heads = new BoundedMap<string, number>(KNOWN_STREAMS);

  constructor(file: string) {
    this.db = openSqliteFile(file);
    this.db.pragma('journal_mode = WAL');
    // Durability comes from WalSync's flush before an append resolves, not from a flush inside COMMIT.
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        position INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        stream_id TEXT NOT NULL,
        revision INTEGER NOT NULL,
        type TEXT NOT NULL,
        version INTEGER NOT NULL,
        data TEXT NOT NULL,
        metadata TEXT NOT NULL,
        UNIQUE (stream_id, revision)
      );
    `);
    this.appended.setMaxListeners(0);
    this.statements = {
      currentRevision: this.db.prepare('SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?'),
      insert: this.db.prepare('INSERT INTO events (id, stream_id, revision, type, version, data, metadata) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      readStream: this.db.prepare('SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision'),
      readAll: this.db.prepare('SELECT * FROM events WHERE position > ? AND position <= ? ORDER BY position LIMIT ?'),
      headPosition: this.db.prepare('SELECT MAX(position) AS position FROM events'),
    };
    this.wal = new WalSync(file);
    // What a killed process left committed may not have reached the disk yet: flushed now, it is all durable.
    this.committedHead = (this.statements.headPosition.get() as { position: number | null }).position ?? 0;
    if (this.committedHead > 0) this.wal.syncNow();
    this.durableHead = this.committedHead;
  }

  /** After a batch: its commit is flushed (with any before it), then readers are told the log grew. */
  private async flushed(): Promise<void> {
    const covered = this.committedHead;
    await this.wal.sync();
    if (covered > this.durableHead) {
      this.durableHead = covered;
      this.appended.emit('appended');
    }
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('An append needs at least one event');
    return this.appends.enqueue({ streamId, events, expected });
  }

  /** One transaction for the batch; each append in it has its own savepoint, so a conflict rejects only that append. */
  private commitAppends(batch: PendingAppend[]): Outcome<AppendResult>[] {
    const { currentRevision, insert } = this.statements;
    /** Heads this batch moved: remembered only once its transaction has committed. */
    const moved = new Map<string, number>();
    const appendOne = this.db.transaction(({ streamId, events, expected }: PendingAppend): AppendResult => {
      const known = moved.get(streamId) ?? this.heads.get(streamId);
      const actual = known ?? (currentRevision.get(streamId) as { revision: number | null }).revision ?? 'no_stream';
      if (expected !== 'any' && expected !== actual) {
        throw new WrongExpectedRevisionError(streamId, expected, actual);
      }
      let revision = actual === 'no_stream' ? -1 : actual;
      let position = 0;
      for (const event of events) {
        revision += 1;
        const info = insert.run(
          randomUUID(),
          streamId,
          revision,
          event.type,
          event.version,
          JSON.stringify(event.data),
          JSON.stringify(event.metadata),
        );
        position = Number(info.lastInsertRowid);
      }
      return { revision, position };
    });
    const appendAll = this.db.transaction((): Outcome<AppendResult>[] =>
      batch.map((pending) => {
        try {
          const value = appendOne(pending);
          moved.set(pending.streamId, value.revision);
          return { ok: true, value };
        } catch (error) {
          return { ok: false, error };
        }
      }),
    );
    const outcomes = appendAll.immediate();
    for (const [streamId, revision] of moved) this.remember(streamId, revision);
    for (const outcome of outcomes) if (outcome.ok && outcome.value.position > this.committedHead) this.committedHead = outcome.value.position;
    return outcomes;
  }

  async readStream(streamId: string, from = 0): Promise<RecordedEvent[]> {
    // Nothing after the head this store wrote or read last: no need to ask the file.
    const head = this.heads.get(streamId);
    if (head !== undefined && from > head) return [];
    const rows = this.statements.readStream.all(streamId, from) as EventRow[];
    if (rows.length > 0) this.remember(streamId, rows[rows.length - 1].revision);
    return rows.map(toRecordedEvent);
  }

  async streamRevision(streamId: string): Promise<number | null> {
    const head = this.heads.get(streamId);
    if (head !== undefined) return head;
    const revision = (this.statements.currentRevision.get(streamId) as { revision: number | null }).revision;
    if (revision !== null) this.remember(streamId, revision);
    return revision;
  }

  /** Only ever moves forward: a stream's head as the sole writer committed it. */
  private remember(streamId: string, revision: number): void {
    const known = this.heads.get(streamId);
    if (known !== undefined && known >= revision) return;
    this.heads.set(streamId, revision);
  }

  /** The log as far as it is on disk. */
  async readAll(after: number | null, limit: number): Promise<RecordedEvent[]> {
    const rows = this.statements.readAll.all(after ?? 0, this.durableHead, limit) as EventRow[];
    return rows.map(toRecordedEvent);
  }

  async headPosition(): Promise<number | null> {
    return this.durableHead === 0 ? null : this.durableHead;
  }

  subscribeToAll(after: number | null, handler: EventHandler, onReadFailure?: (error: unknown) => void): Subscription {
    let stopped = false;
    /** Set by every append, so one made while the handler was busy is not missed. */
    let appendedSinceRead = false;
    let wake: (() => void) | null = null;
    const onAppended = () => {
      appendedSinceRead = true;
      wake?.();
    };
    this.appended.on('appended', onAppended);

    const waitForNews = () =>
      new Promise<void>((resolve) => {
        if (appendedSinceRead) return resolve();
        const timer = setTimeout(() => done(), SUBSCRIPTION_POLL_MS);
        const done = () => {
          clearTimeout(timer);
          wake = null;
          resolve();
        };
        wake = done;
      });

    const loop = (async () => {
      let position = after;
      while (!stopped) {
        appendedSinceRead = false;
        let batch: RecordedEvent[];
        try {
          batch = this.db.open ? await this.readAll(position, SUBSCRIPTION_BATCH) : [];
        } catch (error) {
          // Nothing after an unreadable event can be delivered in order: say so, and read again later (after a repair).
          this.logger.error(`Cannot read the log after position ${position ?? 0}: ${(error as Error).message}`);
          onReadFailure?.(error);
          await waitForNews();
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
            await waitForNews();
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
        this.appended.off('appended', onAppended);
        wake?.();
        this.subscriptions.delete(subscription);
        await loop.catch(() => undefined);
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    if (this.db.open) await this.appends.flush();
    this.wal.close();
    if (this.db.open) this.db.close();
  }
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    streamId: row.stream_id,
    revision: row.revision,
    position: row.position,
    type: row.type,
    version: row.version,
    data: parseStored(row, 'data', row.data),
    metadata: parseStored(row, 'metadata', row.metadata),
  };
}

export class DamagedEventError extends Error {
  constructor(
    readonly position: number,
    readonly streamId: string,
    part: string,
    cause: unknown,
  ) {
    super(`The event at position ${position} (stream ${streamId}) has damaged ${part}: ${(cause as Error).message}. The log is append-only: restore events.sqlite from a backup, or repair that row by hand.`, { cause });
    this.name = 'DamagedEventError';
  }
}

/** A row whose JSON does not parse names its position and stream, never a bare SyntaxError. */
function parseStored<T>(row: EventRow, part: 'data' | 'metadata', text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new DamagedEventError(row.position, row.stream_id, part, error);
  }
}
