import { ERASED, personalFieldsOf, valueAt, withValuesAt } from '../../shared/contract/personal-data';
import { AppendResult, EventHandler, EventStore, ExpectedRevision, NewEvent, RecordedEvent, Subscription } from '../event-store/event-store.port';
import { isSealed, PersonalDataKeys } from './personal-data-keys';

/**
 * The event store with every person's own fields sealed (issue 22): before an event is written, the fields
 * `personalFieldsOf` names are encrypted with their owner's key (PersonalDataKeys); on every read (a stream, a
 * page of the log, a subscription) they are opened again, or read ERASED once the key is destroyed. Whatever
 * engine holds the log (SQLite, PostgreSQL, KurrentDB) only ever holds the sealed text.
 *
 * Appends leave in the order they were asked for, as the sole writer's contract requires: each append's fields are
 * sealed at once (the first event of a new owner makes its key, a write in the credential store, while others seal
 * theirs), and an append is handed to the engine only after every earlier one was; with none waiting, an append
 * without personal fields goes straight through.
 */
export class SealingEventStore implements EventStore {
  private queue: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  constructor(
    private readonly inner: EventStore,
    readonly keys: PersonalDataKeys,
  ) {}

  get soleWriter(): boolean {
    return this.inner.soleWriter;
  }

  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const personal = events.some((event) => personalFieldsOf(streamId, event.type, event.data) !== null);
    if (!personal && this.waiting === 0) return this.inner.append(streamId, events, expected);
    this.waiting++;
    // Sealed at once, beside any other append's sealing (a new owner's key costs a write); handed on in order.
    const sealing = personal ? Promise.all(events.map((event) => this.seal(streamId, event))) : Promise.resolve(events);
    // Asked (not awaited) before the next queued append is: the inner store keeps that order.
    const appended = this.queue.then(() => sealing).then((sealed) => ({ result: this.inner.append(streamId, sealed, expected) }));
    this.queue = appended.then(
      () => this.waiting--,
      () => this.waiting--,
    );
    return appended.then(({ result }) => result);
  }

  async readStream(streamId: string, from?: number): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readStream(streamId, from));
  }

  streamRevision(streamId: string): Promise<number | null> {
    return this.inner.streamRevision(streamId);
  }

  async readAll(after: number | null, limit: number): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readAll(after, limit));
  }

  headPosition(): Promise<number | null> {
    return this.inner.headPosition();
  }

  subscribeToAll(after: number | null, handler: EventHandler, onReadFailure?: (error: unknown) => void): Subscription {
    return this.inner.subscribeToAll(after, (event) => (hasSealedFields(event) ? this.open(event).then(handler) : handler(event)), onReadFailure);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** The events as the log holds them, fields still sealed: what an engine's operator (or a stolen backup) sees. */
  readAllSealed(after: number | null, limit: number): Promise<RecordedEvent[]> {
    return this.inner.readAll(after, limit);
  }

  /**
   * One cipher per event (a cipher's set-up costs more than its work on a few short fields): the event's personal fields
   * are sealed together as `{path: value}` under `$personal`, and each is left in the data as SEALED_FIELD.
   */
  private async seal(streamId: string, event: NewEvent): Promise<NewEvent> {
    const fields = personalFieldsOf(streamId, event.type, event.data);
    if (fields === null) return event;
    const values: Record<string, string> = {};
    for (const path of fields.paths) {
      const value = valueAt(event.data, path);
      if (typeof value === 'string' && value !== '') values[path] = value;
    }
    const paths = Object.keys(values);
    if (paths.length === 0) return event;
    const sealed = await this.keys.seal(await this.keys.ownerId(fields.owner), JSON.stringify(values));
    // An account closed for good gets nothing sealed again: its fields are written erased.
    const stand = sealed === ERASED ? ERASED : SEALED_FIELD;
    const data = withValuesAt(event.data, paths.map((path) => [path, stand] as const));
    return { ...event, data: sealed === ERASED ? data : { ...(data as object), [SEALED_KEY]: sealed } };
  }

  private async openAll(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const sealed = events.filter(hasSealedFields);
    if (sealed.length === 0) return events;
    await this.keys.prefetch(sealed.map((event) => ownerOf(sealedOf(event))));
    const opened = new Map(await Promise.all(sealed.map(async (event) => [event, await this.open(event)] as const)));
    return events.map((event) => opened.get(event) ?? event);
  }

  /** The event with its personal fields back, or ERASED in each once the key is gone. */
  private async open(event: RecordedEvent): Promise<RecordedEvent> {
    const { [SEALED_KEY]: sealed, ...rest } = event.data as Record<string, unknown>;
    const opened = await this.keys.open(sealed as string);
    const values = opened === ERASED ? null : (JSON.parse(opened) as Record<string, string>);
    const data = values ? withValuesAt(rest, Object.entries(values)) : withValuesAt(rest, sealedFieldPaths(rest).map((path) => [path, ERASED] as const));
    return { ...event, data };
  }
}

/** Where an event keeps its sealed personal fields (one sealed text: `pii1:<owner>:<kid>:…`). */
const SEALED_KEY = '$personal';
/** What a sealed field holds in the event itself. */
const SEALED_FIELD = '[sealed]';

/** The owner id a sealed value names (`pii1:<owner>:…`). */
function ownerOf(sealed: string): string {
  return sealed.split(':')[1];
}

function sealedOf(event: RecordedEvent): string {
  return (event.data as Record<string, unknown>)[SEALED_KEY] as string;
}

function hasSealedFields(event: RecordedEvent): boolean {
  const data = event.data as Record<string, unknown> | null;
  return data !== null && typeof data === 'object' && isSealed(data[SEALED_KEY]);
}

/** The dotted paths of the fields that hold SEALED_FIELD (two levels: an address inside the event is the deepest). */
function sealedFieldPaths(data: Record<string, unknown>, prefix = ''): string[] {
  const paths: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (value === SEALED_FIELD) paths.push(`${prefix}${key}`);
    else if (value !== null && typeof value === 'object' && !Array.isArray(value) && prefix === '') paths.push(...sealedFieldPaths(value as Record<string, unknown>, `${key}.`));
  }
  return paths;
}
