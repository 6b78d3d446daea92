import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EVENT_STORE, EventStore, NewEvent } from '../../storage/event-store/event-store.port';
import { TrafficEvent, trafficStream } from '../contract/traffic.events';

/** Reports are appended together at most this long after the first of them was handed over… */
const BATCH_WINDOW_MS = 20;
/** …or as soon as this many wait. */
const MAX_BATCH = 1_000;

/**
 * The traffic reports on their way to the log. A report is answered (202) as soon as it is handed
 * over here, without waiting for the disk: what arrives within BATCH_WINDOW_MS is appended together,
 * one append per day stream and without an expected revision (no decision rests on a traffic stream),
 * and the embedded store commits those appends with one fsync. At 2,000 page views a second that is 50
 * commits instead of one per event-loop turn. The price: a crash loses the reports of that last window.
 */
@Injectable()
export class TrafficLog implements OnModuleDestroy {
  private readonly logger = new Logger('TrafficLog');
  private pending = new Map<string, NewEvent<TrafficEvent['data']>[]>();
  private waiting = 0;
  private timer: NodeJS.Timeout | null = null;
  private appending: Promise<void> = Promise.resolve();

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  record(event: TrafficEvent): void {
    const stream = trafficStream(event.data.day);
    const batch = this.pending.get(stream) ?? [];
    // No actor, even for a signed-in shopper: a user id beside a visitor hash would follow them across days.
    batch.push({ ...event, metadata: { correlationId: randomUUID(), causationId: null, actorId: null, occurredAt: event.data.at } });
    this.pending.set(stream, batch);
    this.waiting += 1;
    if (this.waiting >= MAX_BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), BATCH_WINDOW_MS);
  }

  /** Resolves once every report handed over so far is in the log (or its loss is logged). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batches = [...this.pending];
    this.pending = new Map();
    this.waiting = 0;
    const appended = batches.map(([stream, events]) =>
      this.eventStore.append(stream, events, 'any').then(
        () => undefined,
        (error: unknown) => this.logger.error(`${events.length} traffic report(s) for ${stream} were not recorded`, (error as Error).stack),
      ),
    );
    this.appending = Promise.all([this.appending, ...appended]).then(() => undefined);
    return this.appending;
  }

  /** Reports still waiting are written before the stores close. */
  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }
}
