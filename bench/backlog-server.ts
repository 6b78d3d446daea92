import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { PageViewed, trafficStream } from '../backend/src/analytics/contract/traffic.events';
import { createApp } from '../backend/src/app';
import { loadConfig } from '../backend/src/config';
import { EVENT_STORE, EventStore, NewEvent } from '../backend/src/storage/event-store/event-store.port';
import { ProjectionRunner } from '../projections/runner/projection-runner';

/**
 * The shop for the backlog scenario (bench/backlog.ts), in a worker thread of the bench: its event loop
 * is the shop's alone, as in its own process, while the bench can append page views straight to its
 * log (what its page-view ingestion appends, without the HTTP requests the bench cannot send fast
 * enough to outrun the projection) and read how far the analytics projector got.
 */

export type BacklogRequest = { kind: 'append'; views: number } | { kind: 'positions' } | { kind: 'close' };
export interface Positions {
  head: number;
  analytics: number;
}
const APPEND_BATCH = 1_000;

async function serve(): Promise<void> {
  const { dataDir, databaseUrl } = workerData as { dataDir: string; databaseUrl: string | null };
  const app = await createApp(
    loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', ORDER_RATE_LIMIT: '1000000', UNPAID_ORDERS_PER_BUYER: 'off', ANALYTICS_RATE_LIMIT: '1000000000', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }),
  );
  await app.listen(0, '127.0.0.1');
  const url = await app.getUrl();
  const events = app.get<EventStore>(EVENT_STORE);
  const runner = app.get(ProjectionRunner);
  let page = 0;
  const positions = async (): Promise<Positions> => ({ head: (await events.headPosition()) ?? 0, analytics: runner.positionOf('analytics') ?? 0 });
  /** Views of pages never viewed before, today, by a few thousand visitors, in appends of APPEND_BATCH as the traffic log makes them. */
  const append = async (views: number) => {
    const day = new Date().toISOString().slice(0, 10);
    for (let done = 0; done < views; done += APPEND_BATCH) {
      const batch: NewEvent<PageViewed['data']>[] = Array.from({ length: Math.min(APPEND_BATCH, views - done) }, () => {
        page += 1;
        const at = new Date().toISOString();
        return {
          type: 'PageViewed',
          version: 1,
          data: { day, visitor: (page % 5_000).toString(16).padStart(16, '0'), at, path: `/products/${page}`, source: page % 4 === 0 ? 'google.com' : 'Direct', device: page % 3 === 0 ? 'mobile' : 'desktop' },
          metadata: { correlationId: randomUUID(), causationId: null, actorId: null, occurredAt: at },
        };
      });
      await events.append(trafficStream(day), batch, 'any');
    }
  };

  parentPort!.on('message', (request: BacklogRequest) => {
    void (async () => {
      switch (request.kind) {
        case 'append':
          await append(request.views);
          return parentPort!.postMessage(await positions());
        case 'positions':
          return parentPort!.postMessage(await positions());
        case 'close':
          await app.close();
          return parentPort!.postMessage('closed');
      }
    })().catch((error: Error) => parentPort!.postMessage({ error: error.stack ?? error.message }));
  });
  parentPort!.postMessage({ url: url.replace('[::1]', '127.0.0.1') });
}

void serve().catch((error: Error) => parentPort!.postMessage({ error: error.stack ?? error.message }));
