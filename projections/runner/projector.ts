import { SetMetadata } from '@nestjs/common';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { BatchWrite, Collection, Document, DuplicateKeyError, Filter, Update } from '../../backend/src/storage/read-store/read-store.port';

export const PROJECTOR_METADATA = 'shop:projector';

/**
 * Marks a provider as a projector or reactor of the log: the context whose module provides it registers
 * it, and the runner finds every one of them when it starts (no central list).
 */
export const RunsOnTheLog = (): ClassDecorator => SetMetadata(PROJECTOR_METADATA, true);

/** Builds one read model from the global log. Must tolerate seeing the same event twice. */
export interface Projector {
  readonly name: string;
  /** The collections it owns; a rebuild drops them and replays the log from zero. */
  readonly collections: readonly string[];
  /** Indexes and other set-up; runs before the first event and after every rebuild. */
  prepare(): Promise<void>;
  /** Whether `apply` has anything to do with the event; the runner only moves the checkpoint past the others. */
  canHandle(event: RecordedEvent): boolean;
  apply(event: RecordedEvent): Promise<void>;
  /**
   * Optional, for read models that many events change a little (traffic counters): whether `planBatch` takes
   * this event, asked of the next event to apply each time, with the projector as it stands then.
   */
  batches?(event: RecordedEvent): boolean;
  /**
   * The writes of a run of consecutive events that `batches` took, in log order (it may read its read model,
   * never write it). The runner commits them together with the projector's checkpoint, past the last of them,
   * in one transaction (ReadStore.writeAll): the run is applied in full or not at all, and never again once
   * committed, so its counters can be summed per document (CounterMoves). Its events may have been applied one
   * at a time before, in part (a crash in between): writes that would repeat that must refuse the run (as
   * CounterMoves' do) or change nothing. When the commit fails, the runner applies the events one by one.
   */
  planBatch?(events: readonly RecordedEvent[]): Promise<BatchWrite[]>;
  /** A reactor acts on events (sends mail) instead of building a read model; nobody waits for it. */
  readonly reactsOnly?: boolean;
  /**
   * The shape of its read model (1 when absent). Raising it when the documents or their meaning change
   * makes the runner drop this projector's collections and build them again from the log at the next
   * start, leaving every other read model as it is.
   */
  readonly version?: number;
}

/**
 * Read-model documents remember the position of the last event applied to them,
 * so an event replayed after a crash between the update and the checkpoint is skipped.
 */
export const APPLIED_POSITION = '_position';

export async function applyOnce(collection: Collection<Document>, filter: Filter & { _id: string }, event: RecordedEvent, update: Update): Promise<void> {
  const $set = { ...((update.$set as Record<string, unknown>) ?? {}), [APPLIED_POSITION]: event.position };
  await collection.updateOne({ ...filter, [APPLIED_POSITION]: { $lt: event.position } }, { ...update, $set });
}

/**
 * Inserts the document unless one with its `_id` exists (the event was applied before a crash).
 * Any other unique-key violation is an error, never swallowed: the runner parks the event.
 */
export async function insertOnce(collection: Collection<Document>, doc: Document, event: RecordedEvent): Promise<void> {
  try {
    await collection.insertOne({ ...doc, [APPLIED_POSITION]: event.position });
  } catch (error) {
    if (!(error instanceof DuplicateKeyError) || error.fields !== '_id') throw error;
  }
}

/** Read-model documents without the storage bookkeeping fields. */
export function withoutBookkeeping<T extends Document>(doc: T): Omit<T, '_id' | typeof APPLIED_POSITION> {
  const { _id, [APPLIED_POSITION]: _applied, ...rest } = doc;
  return rest;
}

/**
 * Adds `deltas` to a counter document's fields once per event: the counter remembers the last event that
 * moved it, so a replayed event moves it no more (its upsert then meets the counter's _id and is refused
 * as a duplicate, which means done). `fields` are set when the counter is made and whenever it moves.
 * Counters are moved before the document whose change they count is written, so an event replayed after
 * a crash in between still moves the ones it had not reached, and finds the others already moved.
 */
export async function incrementOnce(collection: Collection<Document>, _id: string, event: RecordedEvent, deltas: Record<string, number>, fields: Record<string, unknown> = {}): Promise<void> {
  const $inc = Object.fromEntries(Object.entries(deltas).filter(([, delta]) => delta !== 0));
  if (Object.keys($inc).length === 0) return;
  try {
    await collection.updateOne({ _id, [APPLIED_POSITION]: { $lt: event.position } }, { $inc, $set: { ...fields, [APPLIED_POSITION]: event.position } }, { upsert: true });
  } catch (error) {
    if (!(error instanceof DuplicateKeyError) || error.fields !== '_id') throw error;
  }
}

/** One counter document's move in a run of events: the sum of its deltas, and the run's first and last events that moved it. */
interface CounterMove {
  collection: string;
  _id: string;
  first: number;
  last: number;
  deltas: Record<string, number>;
  fields: Record<string, unknown>;
}

/**
 * The counter moves of a run of events (Projector.planBatch), summed per document: each counter is written once
 * per run, with the sum of its deltas, the fields of its last move, and the position of the last event that
 * moved it, where incrementOnce would write it once per event. Its filter asks that it has counted none of the
 * run's events yet: one an earlier apply of an event of the run moved (event by event, interrupted by a crash)
 * refuses the run as a duplicate, and the runner then applies the run event by event, each counter once.
 */
export class CounterMoves {
  private readonly moves = new Map<string, CounterMove>();

  add(collection: string, _id: string, event: RecordedEvent, deltas: Record<string, number>, fields: Record<string, unknown> = {}): void {
    if (Object.values(deltas).every((delta) => delta === 0)) return;
    const key = `${collection}\u0000${_id}`;
    const move = this.moves.get(key) ?? { collection, _id, first: event.position, last: event.position, deltas: {}, fields: {} };
    for (const [field, delta] of Object.entries(deltas)) if (delta !== 0) move.deltas[field] = (move.deltas[field] ?? 0) + delta;
    Object.assign(move.fields, fields);
    move.last = event.position;
    this.moves.set(key, move);
  }

  writes(): BatchWrite[] {
    return [...this.moves.values()].map((move) => ({
      kind: 'update' as const,
      collection: move.collection,
      filter: { _id: move._id, [APPLIED_POSITION]: { $lt: move.first } },
      update: { $inc: Object.fromEntries(Object.entries(move.deltas).filter(([, delta]) => delta !== 0)), $set: { ...move.fields, [APPLIED_POSITION]: move.last } },
      upsert: true,
    }));
  }
}
