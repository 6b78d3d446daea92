import {
  AllStreamSubscription,
  ANY,
  AppendStreamState,
  BACKWARDS,
  END,
  EventData,
  excludeSystemEvents,
  JSONType,
  jsonEvent,
  KurrentDBClient,
  NO_STREAM,
  ReadPosition,
  RecordedEvent as KurrentRecordedEvent,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
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

/** What this adapter writes as KurrentDB event metadata: our metadata plus the payload's schema version. */
interface StoredMetadata extends EventMetadata {
  schemaVersion: number;
}

const RESUBSCRIBE_DELAY_MS = 1000;
/** What servers older than 22.6 report as the $all position of an event read from its stream. */
const UNKNOWN_POSITION = 18446744073709551615n;

const logger = new Logger('KurrentDbEventStore');

/**
 * The production event store: streams and the $all log of a KurrentDB (or EventStoreDB 22.6+) server.
 * Positions are commit positions in $all; system events (types starting with `$`) are never exposed.
 */
export class KurrentDbEventStore implements EventStore {
  /** Other app instances append to the same server. */
  readonly soleWriter: boolean = false;
  private readonly subscriptions = new Set<Subscription>();

  private constructor(private readonly client: KurrentDBClient) {}

  /** Fails fast when the server is unreachable, instead of on the first command. */
  static async connect(url: string): Promise<KurrentDbEventStore> {
    const store = new KurrentDbEventStore(KurrentDBClient.connectionString(url));
    try {
      await store.headPosition();
    } catch (error) {
      await store.close();
      throw error;
    }
    return store;
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('An append needs at least one event');
    let result;
    try {
      result = await this.client.appendToStream(streamId, events.map(toEventData), { streamState: toStreamState(expected) });
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualState === NO_STREAM ? 'no_stream' : Number(error.actualState);
        throw new WrongExpectedRevisionError(streamId, expected, actual);
      }
      throw error;
    }
    // A failed append only resolves (instead of throwing) when the connection string sets throwOnAppendFailure=false.
    if (!result.success || !result.position) {
      throw new Error(`KurrentDB did not confirm the append to ${streamId}; leave throwOnAppendFailure at its default`);
    }
    return { revision: Number(result.nextExpectedRevision), position: Number(result.position.commit) };
  }

  async readStream(streamId: string, from = 0): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision: from === 0 ? START : BigInt(from) })) {
        if (resolved.event) events.push(toRecordedEvent(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async streamRevision(streamId: string): Promise<number | null> {
    try {
      for await (const resolved of this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        if (resolved.event) return Number(resolved.event.revision);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return null;
      throw error;
    }
    return null;
  }

  async readAll(after: number | null, limit: number): Promise<RecordedEvent[]> {
    if (limit <= 0) return [];
    // Reading $all from a position includes the event at that position, so ask for one more and drop it.
    const records = this.client.readAll({
      fromPosition: toReadPosition(after),
      maxCount: after === null ? limit : limit + 1,
      filter: excludeSystemEvents(),
    });
    const events: RecordedEvent[] = [];
    for await (const resolved of records) {
      if (!resolved.event) continue;
      const event = toRecordedEvent(resolved.event);
      if (after === null || event.position > after) events.push(event);
    }
    return events.slice(0, limit);
  }

  async headPosition(): Promise<number | null> {
    const newest = this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, filter: excludeSystemEvents() });
    for await (const resolved of newest) {
      if (resolved.event) return globalPositionOf(resolved.event);
    }
    return null;
  }

  /**
   * Catch-up subscriptions start strictly after their position. When the connection drops or the
   * handler throws, delivery resumes after the last event the handler completed, so none is skipped.
   */
  subscribeToAll(after: number | null, handler: EventHandler): Subscription {
    let stopped = false;
    const stopping = new AbortController();
    let source: AllStreamSubscription | null = null;

    const deliver = async () => {
      let position = after;
      while (!stopped) {
        const current = this.client.subscribeToAll({ fromPosition: toReadPosition(position), filter: excludeSystemEvents() });
        source = current;
        try {
          for await (const resolved of current) {
            // Events already buffered when stop() was called must not reach the handler.
            if (stopped) break;
            if (!resolved.event) continue;
            const event = toRecordedEvent(resolved.event);
            await handler(event);
            position = event.position;
          }
        } catch (error) {
          if (!stopped) logger.error(`Subscription to $all failed after position ${position ?? 'start'}; resubscribing`, (error as Error).stack);
        } finally {
          // Leaving the loop does not end the gRPC call; a call that never opened has nothing to cancel.
          await current.unsubscribe().catch(() => undefined);
        }
        if (!stopped) await sleep(RESUBSCRIBE_DELAY_MS, undefined, { signal: stopping.signal }).catch(() => undefined);
      }
    };
    const delivery = deliver();

    const subscription: Subscription = {
      stop: async () => {
        if (stopped) return delivery;
        stopped = true;
        stopping.abort();
        this.subscriptions.delete(subscription);
        await source?.unsubscribe().catch(() => undefined);
        // Ends the iteration even if the cancelled call never signals its end.
        source?.destroy();
        await delivery;
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.client.dispose();
  }
}

export function openKurrentDbEventStore(url: string): Promise<EventStore> {
  return KurrentDbEventStore.connect(url);
}

function toEventData(event: NewEvent): EventData {
  const metadata: StoredMetadata = { schemaVersion: event.version, ...event.metadata };
  return jsonEvent({ type: event.type, data: event.data as JSONType, metadata });
}

function toStreamState(expected: ExpectedRevision): AppendStreamState {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  return BigInt(expected);
}

/** Events appended over gRPC have equal commit and prepare positions, so the commit position identifies one. */
function toReadPosition(after: number | null): ReadPosition {
  if (after === null) return START;
  const position = BigInt(after);
  return { commit: position, prepare: position };
}

function toRecordedEvent(record: KurrentRecordedEvent): RecordedEvent {
  const stored: unknown = record.metadata;
  if (!record.isJson || !isStoredMetadata(stored)) {
    throw new Error(`Event ${record.id} in ${record.streamId} was not written by this application's event store`);
  }
  const { schemaVersion, ...metadata } = stored;
  return {
    id: record.id,
    streamId: record.streamId,
    revision: Number(record.revision),
    position: globalPositionOf(record),
    type: record.type,
    version: schemaVersion,
    data: record.data,
    metadata,
  };
}

function isStoredMetadata(metadata: unknown): metadata is StoredMetadata {
  return typeof metadata === 'object' && metadata !== null && typeof (metadata as Partial<StoredMetadata>).schemaVersion === 'number';
}

function globalPositionOf(record: KurrentRecordedEvent): number {
  const commit = record.position?.commit;
  if (commit === undefined || commit === UNKNOWN_POSITION) {
    throw new Error(`The server did not report the $all position of event ${record.id}; KurrentDB or EventStoreDB 22.6+ is required`);
  }
  return Number(commit);
}
