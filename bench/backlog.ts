import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { BacklogRequest, Positions } from './backlog-server';
import { seedCatalogue } from './catalogue-seed';
import { Goal, log, round } from './report';
import { OrderLine, orderBody } from './shop-api';
import { percentile } from './stats';
import { createTestDatabase, postgresUnavailableReason, TestDatabase } from '../test/support/postgres-server';

/**
 * Projection beside requests (issue 24): page views are projected at a steady rate however many
 * distinct pages the day already has, and a backlog of page views waiting for projection barely
 * slows order placement, because the projectors work in short slices between requests.
 *
 * The shop runs in a worker thread of the bench (bench/backlog-server.ts: its own event loop, as in a
 * process of its own), so that page views can be appended to its log faster than the projection takes
 * them; HTTP reports from the bench cannot outrun it.
 * 1. Order placement alone, ORDER_CLIENTS closed-loop clients for WINDOW_SECONDS: the baseline.
 * 2. WARM_PAGES views of as many pages, then QUIET_VIEWS views of further new pages: the projection
 *    rate of the latter with nothing else running, on a day with more distinct pages every view.
 * 3. BACKLOG_VIEWS page views appended at once, and orders placed as in 1 until they are projected:
 *    the orders' rate then against 1, and the views' rate beside the orders.
 * BACKLOG_STORAGE=postgres runs the shop on a new database of the PostgreSQL server of TEST_DATABASE_URL
 * (127.0.0.1:5432 by default), dropped afterwards; BACKLOG_WARM_PAGES, BACKLOG_QUIET_VIEWS and
 * BACKLOG_VIEWS change the three sizes.
 */

const ORDER_CLIENTS = 10;
const WINDOW_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const STORAGE: 'embedded' | 'postgres' = process.env.BACKLOG_STORAGE === 'postgres' ? 'postgres' : 'embedded';
const WARM_PAGES = Number(process.env.BACKLOG_WARM_PAGES ?? 10_000);
const QUIET_VIEWS = Number(process.env.BACKLOG_QUIET_VIEWS ?? 20_000);
const BACKLOG_VIEWS = Number(process.env.BACKLOG_VIEWS ?? 5_000);
const GOALS = { slowdown: 0.2, viewsPerSecond: 2_000 };

export interface PlacementWindow {
  seconds: number;
  orders: number;
  ordersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export interface ProjectionBacklog {
  storage: 'embedded' | 'postgres';
  baseline: PlacementWindow;
  /** Orders placed from the backlog's append until it was projected. */
  duringBacklog: PlacementWindow;
  backlog: number;
  /** Distinct pages of the day when the quiet rate was measured (before its views). */
  distinctPagesBefore: number;
  /** QUIET_VIEWS over the time from their append until projected, nothing else running. */
  quietViewsPerSecond: number;
  /** The backlog over the time it took to project it beside the orders. */
  besideOrdersViewsPerSecond: number;
}

/** The shop in its worker thread, asked one thing at a time. */
class ShopWorker {
  private constructor(
    private readonly worker: Worker,
    readonly url: string,
  ) {}

  static async start(dataDir: string, databaseUrl: string | null): Promise<ShopWorker> {
    const worker = new Worker(join(__dirname, 'backlog-server.js'), { workerData: { dataDir, databaseUrl } });
    const { url } = await answer<{ url: string }>(worker);
    return new ShopWorker(worker, url);
  }

  ask<T>(request: BacklogRequest): Promise<T> {
    const answered = answer<T>(this.worker);
    this.worker.postMessage(request);
    return answered;
  }

  /** Resolves once the analytics projector has reached `position` (the head when not given; orders placed meanwhile move the head on). */
  async drained(position?: number): Promise<void> {
    for (;;) {
      const { head, analytics } = await this.ask<Positions>({ kind: 'positions' });
      if (analytics >= (position ?? head)) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async close(): Promise<void> {
    await this.ask({ kind: 'close' });
    await this.worker.terminate();
  }
}

function answer<T>(worker: Worker): Promise<T> {
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (message: T | { error: string }) => {
      worker.off('error', reject);
      if (message && typeof message === 'object' && 'error' in message) reject(new Error(message.error));
      else resolve(message as T);
    });
  });
}

/** `clients` guests placing two-line orders until `until()` says stop, each order to the next of `urls`; every answer must be a 201. */
export async function placeOrders(urls: string | string[], cart: () => OrderLine[], until: (elapsedMs: number) => boolean, clients = ORDER_CLIENTS): Promise<PlacementWindow> {
  const targets = typeof urls === 'string' ? [urls] : urls;
  let turn = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const client = async () => {
    while (!until(performance.now() - started)) {
      const url = targets[(turn += 1) % targets.length];
      const sent = performance.now();
      const response = await fetch(`${url}/api/orders`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(orderBody(cart())) });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`An order answered ${response.status}`);
      latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  const seconds = (performance.now() - started) / 1000;
  return { seconds: round(seconds, 2), orders: latencies.length, ordersPerSecond: Math.round(latencies.length / seconds), p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) };
}

export async function measureProjectionBacklog(catalogueSize: number, benchCart: (productIds: number[]) => () => OrderLine[]): Promise<ProjectionBacklog> {
  let database: TestDatabase | null = null;
  if (STORAGE === 'postgres') {
    const unavailable = await postgresUnavailableReason();
    if (unavailable) throw new Error(`BACKLOG_STORAGE=postgres: ${unavailable}`);
    database = await createTestDatabase('shop_bench_backlog');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-backlog-'));
  const shop = await ShopWorker.start(dataDir, database?.url ?? null);
  try {
    const { benchProductIds } = await seedCatalogue(shop.url, catalogueSize);
    const cart = benchCart(benchProductIds);
    log('Backlog: warming up order placement…');
    await placeOrders(shop.url, cart, (elapsed) => elapsed > 2_000);
    await shop.drained();
    log(`Backlog: order placement alone for ${WINDOW_SECONDS} s…`);
    const baseline = await placeOrders(shop.url, cart, (elapsed) => elapsed > WINDOW_SECONDS * 1000);
    await shop.drained();

    log(`Backlog: ${WARM_PAGES.toLocaleString('en')} views of as many pages, then ${QUIET_VIEWS.toLocaleString('en')} of further pages with nothing else running…`);
    await shop.ask({ kind: 'append', views: WARM_PAGES });
    await shop.drained();
    const quietStarted = performance.now();
    await shop.ask({ kind: 'append', views: QUIET_VIEWS });
    await shop.drained();
    const quietViewsPerSecond = Math.round(QUIET_VIEWS / ((performance.now() - quietStarted) / 1000));

    log(`Backlog: orders while ${BACKLOG_VIEWS.toLocaleString('en')} page views are projected…`);
    const before = await shop.ask<Positions>({ kind: 'append', views: BACKLOG_VIEWS });
    let drained = false;
    const draining = shop.drained(before.head).then(() => (drained = true));
    const duringBacklog = await placeOrders(shop.url, cart, () => drained);
    await draining;
    const backlog = before.head - before.analytics;
    return { storage: STORAGE, baseline, duringBacklog, backlog, distinctPagesBefore: WARM_PAGES, quietViewsPerSecond, besideOrdersViewsPerSecond: Math.round(backlog / duringBacklog.seconds) };
  } finally {
    await shop.close();
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

export function describeProjectionBacklog(backlog: ProjectionBacklog): string {
  const row = (name: string, window: PlacementWindow) => `| ${name} | ${window.seconds} s | ${window.orders} | ${window.ordersPerSecond} | ${window.p50Ms} | ${window.p99Ms} |`;
  return [
    `On the ${backlog.storage === 'postgres' ? 'PostgreSQL' : 'embedded'} stores: order placement by ${ORDER_CLIENTS} clients (the shop in a worker thread of the bench), alone and while a backlog of ${backlog.backlog.toLocaleString('en')} page views of new pages is projected:`,
    '',
    '| window | length | orders | orders/s | p50 ms | p99 ms |',
    '|---|---|---|---|---|---|',
    row('alone', backlog.baseline),
    row('until the backlog is projected', backlog.duringBacklog),
    '',
    `Page views projected: ${backlog.quietViewsPerSecond.toLocaleString('en')}/s with nothing else running (${QUIET_VIEWS.toLocaleString('en')} views of new pages, the day having ${backlog.distinctPagesBefore.toLocaleString('en')} distinct pages before); ${backlog.besideOrdersViewsPerSecond.toLocaleString('en')}/s beside the orders.`,
  ].join('\n');
}

export function backlogGoals(backlog: ProjectionBacklog): Goal[] {
  const slowdown = 1 - backlog.duringBacklog.ordersPerSecond / backlog.baseline.ordersPerSecond;
  return [
    {
      goal: `order placement while a backlog of ${backlog.backlog.toLocaleString('en')} page views is projected`,
      target: `slowed < ${GOALS.slowdown * 100} %`,
      measured: `${backlog.baseline.ordersPerSecond} → ${backlog.duringBacklog.ordersPerSecond} orders/s (${round(slowdown * 100, 1)} % slower; p50 ${backlog.baseline.p50Ms} → ${backlog.duringBacklog.p50Ms} ms)`,
      met: slowdown < GOALS.slowdown,
    },
    {
      goal: `page views projected, the day having ${backlog.distinctPagesBefore.toLocaleString('en')}+ distinct pages`,
      target: `≥ ${GOALS.viewsPerSecond.toLocaleString('en')}/s`,
      measured: `${backlog.quietViewsPerSecond.toLocaleString('en')}/s alone, ${backlog.besideOrdersViewsPerSecond.toLocaleString('en')}/s beside orders`,
      met: backlog.quietViewsPerSecond >= GOALS.viewsPerSecond,
    },
  ];
}
