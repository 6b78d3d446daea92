import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApp } from '../backend/src/app';
import { DIRECT_SOURCE, DeviceType, TrafficAnalyticsView } from '../backend/src/analytics/contract/analytics.views';
import { PageViewed, trafficStream } from '../backend/src/analytics/contract/traffic.events';
import { loadConfig } from '../backend/src/config';
import { DEMO_ADMIN } from '../backend/src/demo/demo-data.seeder';
import { EVENT_STORE, EventStore, NewEvent } from '../backend/src/storage/event-store/event-store.port';
import { SqliteEventStore } from '../backend/src/storage/event-store/sqlite-event-store';
import { ProjectionRunner } from '../projections/runner/projection-runner';
import { adminCookie } from '../test/support/http-client';
import { startServerProcess } from '../test/support/server-process';
import { LoadResult, measure } from './load';
import { Goal, log, round } from './report';
import { untilCaughtUp } from './shop-api';

/**
 * Traffic analytics under load (issue 11): page views reported by many browsers at a fixed rate, and
 * the 90-day traffic answer over a log of a million recorded page views.
 */

export const INGESTION_RATE = 2_000;
const INGESTION_CONNECTIONS = 10;
const QUERY_DAYS = 90;
const SEED_BATCH = 10_000;
/** Distinct visitors a day in the seeded log: about 4 views each. */
const SEED_VISITORS_PER_DAY = 2_500;
/** The projection of a million events takes minutes; this only guards against a hang. */
const CATCH_UP_LIMIT_MS = 45 * 60 * 1000;

const GOALS = { ingestionRequestsPerSecond: INGESTION_RATE, ingestionP99Ms: 20, trafficQueryP99Ms: 50 };

export interface PageViewIngestion {
  fixedRate: LoadResult;
  closedLoop: LoadResult;
  /** After each run: how long until every read model had projected what it recorded. */
  drainSeconds: { fixedRate: number; closedLoop: number };
}

export interface TrafficQuery {
  pageViews: number;
  days: number;
  seedSeconds: number;
  /** From starting the app on the seeded log until the analytics read model, then every read model, reached its end. */
  catchUpSeconds: { analytics: number; all: number };
  analyticsEventsPerSecond: number;
  /** `expectedPageViews`: the seeded views of the days the answer covers (all of them, unless a UTC day began meanwhile). */
  answer: { totalPageViews: number; expectedPageViews: number; uniqueVisitors: number; topPages: number; trafficSources: number; bytes: number };
  oneClient: LoadResult;
  tenClients: LoadResult;
}

/** Browsers as the storefront's visitors use them: desktops, phones and tablets, each version a different visitor from one address. */
const BROWSERS: [DeviceType, (version: number) => string][] = [
  ['desktop', (v) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${v}.0 Safari/537.36`],
  ['desktop', (v) => `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${v} Safari/605.1.15`],
  ['mobile', (v) => `Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${v} Mobile/15E148 Safari/604.1`],
  ['mobile', (v) => `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${v}.0 Mobile Safari/537.36`],
  ['tablet', (v) => `Mozilla/5.0 (iPad; CPU OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${v} Mobile/15E148 Safari/604.1`],
];
const PATHS = ['/', '/products', '/categories', '/search', '/faq', '/shipping', '/returns', '/calculator', '/checkout', ...Array.from({ length: 60 }, (_, i) => `/products/${i + 1}`)];
const REFERRERS = ['https://www.google.com/', 'https://www.bing.com/', 'https://duckduckgo.com/', 'https://www.reddit.com/r/Peptides/', 'https://news.example.org/research'];
const CAMPAIGNS = ['newsletter', 'twitter'];

/** A small deterministic generator (mulberry32), so two runs send and seed the same traffic. */
function sequence(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return (((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296) * below >>> 0;
  };
}

/** Where a visit came from, as the storefront reports it with a visit's first view: a referrer, a campaign, or nothing (Direct). */
function landing(pick: (below: number) => number): { referrer?: string; utm?: { source: string } } {
  const roll = pick(10);
  if (roll < 4) return {};
  if (roll < 8) return { referrer: REFERRERS[pick(REFERRERS.length)] };
  return { utm: { source: CAMPAIGNS[pick(CAMPAIGNS.length)] } };
}

/**
 * POST /api/analytics/pageview at INGESTION_RATE from INGESTION_CONNECTIONS connections, then in a closed loop; a
 * quarter of the views land from somewhere (referrer or utm_source), the rest are navigations. Run on the
 * bench's server, started with ANALYTICS_RATE_LIMIT lifted, as every view comes from 127.0.0.1.
 */
export async function measurePageViewIngestion(baseUrl: string, seconds: number): Promise<PageViewIngestion> {
  const pick = sequence(11);
  const scenario = (name: string, overallRate?: number) => ({
    name,
    url: `${baseUrl}/api/analytics/pageview`,
    method: 'POST' as const,
    body: () => ({ path: PATHS[pick(PATHS.length)], ...(pick(4) === 0 ? landing(pick) : {}) }),
    headers: () => {
      const [, userAgent] = BROWSERS[pick(BROWSERS.length)];
      return { 'user-agent': userAgent(pick(400)) };
    },
    connections: INGESTION_CONNECTIONS,
    seconds,
    overallRate,
  });
  const drain = async () => {
    const started = performance.now();
    await untilCaughtUp(baseUrl, CATCH_UP_LIMIT_MS);
    return round((performance.now() - started) / 1000, 1);
  };
  await untilCaughtUp(baseUrl, CATCH_UP_LIMIT_MS);
  log(`POST /api/analytics/pageview at ${INGESTION_RATE} req/s…`);
  const fixedRate = await measure(scenario(`POST /api/analytics/pageview at ${INGESTION_RATE} req/s`, INGESTION_RATE));
  const fixedRateDrain = await drain();
  log('POST /api/analytics/pageview, closed loop…');
  const closedLoop = await measure(scenario('POST /api/analytics/pageview'));
  return { fixedRate, closedLoop, drainSeconds: { fixedRate: fixedRateDrain, closedLoop: await drain() } };
}

/**
 * GET /api/analytics/traffic?days=90 over `pageViews` recorded page views. The views are appended
 * straight through the event-store port into a fresh data folder (10,000 an append, spread over the
 * last 90 UTC days, 2,500 visitors a day, a quarter of the views with a referrer or campaign). The shop is then started on that folder in this process until
 * every read model has projected the log (the time is reported), stopped, and started as its own
 * process to be measured with one client (an administrator opening the tab) and with ten.
 */
export async function measureTrafficQuery(pageViews: number, seconds: number): Promise<TrafficQuery> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-traffic-'));
  const admin = { SEED_DEMO_DATA: 'false', ADMIN_EMAIL: DEMO_ADMIN.email, ADMIN_PASSWORD: DEMO_ADMIN.password };
  try {
    log(`Appending ${pageViews.toLocaleString('en')} page views over ${QUERY_DAYS} days…`);
    const seedStarted = performance.now();
    const { head, viewsPerDay } = await seedPageViews(join(dataDir, 'events.sqlite'), pageViews);
    const seedSeconds = round((performance.now() - seedStarted) / 1000, 1);

    log('Projecting them (the shop waits up to 3 minutes at start, then goes on in the background)…');
    const catchUpStarted = performance.now();
    const app = await createApp(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', ...admin }));
    const runner = app.get(ProjectionRunner);
    const elapsed = () => round((performance.now() - catchUpStarted) / 1000, 1);
    while (!(await runner.waitFor(head, ['analytics'], 60_000))) {
      log(`…analytics at ${runner.positionOf('analytics')} of ${head} after ${elapsed()} s`);
      if (performance.now() - catchUpStarted > CATCH_UP_LIMIT_MS) throw new Error('The analytics projection did not catch up in time');
    }
    const analytics = elapsed();
    while (!(await runner.waitFor(await app.get<EventStore>(EVENT_STORE).headPosition(), undefined, 60_000))) log(`…every read model after ${elapsed()} s: ${JSON.stringify(runner.checkpoints())}`);
    const all = elapsed();
    await app.close();

    const server = await startServerProcess(dataDir, admin);
    try {
      const cookie = await adminCookie(server.url);
      const url = `${server.url}/api/analytics/traffic?days=${QUERY_DAYS}`;
      const response = await fetch(url, { headers: { cookie } });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`The traffic answer was ${response.status}: ${text}`);
      const view = JSON.parse(text) as TrafficAnalyticsView;
      const expectedPageViews = view.dailyViews.reduce((total, day) => total + (viewsPerDay.get(day.date) ?? 0), 0);
      const query = (name: string, connections: number) => measure({ name, url, headers: () => ({ cookie }), connections, seconds });
      log(`GET /api/analytics/traffic?days=${QUERY_DAYS}, one client…`);
      const oneClient = await query(`GET /api/analytics/traffic?days=${QUERY_DAYS} (${(pageViews / 1e6).toFixed(1)}M views), 1 client`, 1);
      log(`GET /api/analytics/traffic?days=${QUERY_DAYS}, ten clients…`);
      const tenClients = await query(`GET /api/analytics/traffic?days=${QUERY_DAYS} (${(pageViews / 1e6).toFixed(1)}M views)`, 10);
      return {
        pageViews,
        days: QUERY_DAYS,
        seedSeconds,
        catchUpSeconds: { analytics, all },
        analyticsEventsPerSecond: Math.round(pageViews / analytics),
        answer: { totalPageViews: view.totalPageViews, expectedPageViews, uniqueVisitors: view.uniqueVisitors, topPages: view.topPages.length, trafficSources: view.trafficSources.length, bytes: Buffer.byteLength(text) },
        oneClient,
        tenClients,
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Appends the page views straight to the log, as the shop would have recorded them; resolves with the log's last position and the views of each day. */
async function seedPageViews(file: string, pageViews: number): Promise<{ head: number; viewsPerDay: Map<string, number> }> {
  const store = new SqliteEventStore(file);
  const pick = sequence(7);
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  let head = 0;
  const viewsPerDay = new Map<string, number>();
  let batch: NewEvent<PageViewed['data']>[] = [];
  let batchDay = '';
  const appendBatch = async () => {
    if (batch.length > 0) head = (await store.append(trafficStream(batchDay), batch, 'any')).position;
    viewsPerDay.set(batchDay, (viewsPerDay.get(batchDay) ?? 0) + batch.length);
    batch = [];
  };
  try {
    for (let index = 0; index < pageViews; index += 1) {
      const dayIndex = Math.floor((index * QUERY_DAYS) / pageViews);
      const dayStart = today - (QUERY_DAYS - 1 - dayIndex) * 86_400_000;
      const day = new Date(dayStart).toISOString().slice(0, 10);
      if (day !== batchDay || batch.length >= SEED_BATCH) {
        await appendBatch();
        batchDay = day;
      }
      const visitorNo = pick(SEED_VISITORS_PER_DAY);
      const visitor = `${dayIndex.toString(16).padStart(4, '0')}${visitorNo.toString(16).padStart(12, '0')}`;
      const [device] = BROWSERS[visitorNo % BROWSERS.length];
      // As the storefront reports: a quarter of the views land from somewhere, the others are navigations without a source.
      const from = pick(4) === 0 ? landing(pick) : {};
      const source = from.utm?.source ?? (from.referrer ? new URL(from.referrer).hostname.replace(/^www\./, '') : DIRECT_SOURCE);
      const at = new Date(dayStart + pick(86_400_000)).toISOString();
      batch.push({
        type: 'PageViewed',
        version: 1,
        data: { day, visitor, at, path: PATHS[pick(PATHS.length)], source, device },
        metadata: { correlationId: randomUUID(), causationId: null, actorId: null, occurredAt: at },
      });
    }
    await appendBatch();
    return { head, viewsPerDay };
  } finally {
    await store.close();
  }
}

export function trafficGoals(ingestion: PageViewIngestion, query: TrafficQuery): Goal[] {
  const { fixedRate } = ingestion;
  const held = fixedRate.requestsPerSecond >= GOALS.ingestionRequestsPerSecond * 0.95 && fixedRate.non2xx === 0 && fixedRate.errors === 0;
  return [
    {
      goal: `page-view ingestion at ${INGESTION_RATE} req/s`,
      target: `≥ ${GOALS.ingestionRequestsPerSecond} req/s, p99 < ${GOALS.ingestionP99Ms} ms`,
      measured: `${fixedRate.requestsPerSecond} req/s, p99 ${fixedRate.latencyMs.p99} ms (closed loop: ${ingestion.closedLoop.requestsPerSecond} req/s)`,
      met: held && fixedRate.latencyMs.p99 < GOALS.ingestionP99Ms,
    },
    {
      goal: `traffic answer, ${QUERY_DAYS} days over ${query.pageViews.toLocaleString('en')} page views, an administrator opening the tab`,
      target: `p99 < ${GOALS.trafficQueryP99Ms} ms`,
      measured: `p99 ${query.oneClient.latencyMs.p99} ms (p50 ${query.oneClient.latencyMs.p50} ms) at ${query.oneClient.requestsPerSecond} req/s`,
      met: query.oneClient.non2xx === 0 && query.oneClient.errors === 0 && query.oneClient.latencyMs.p99 < GOALS.trafficQueryP99Ms,
    },
    {
      goal: 'the same answer, ten clients at once',
      target: 'reported',
      measured: `p99 ${query.tenClients.latencyMs.p99} ms (p50 ${query.tenClients.latencyMs.p50} ms) at ${query.tenClients.requestsPerSecond} req/s`,
      met: query.tenClients.non2xx === 0 && query.tenClients.errors === 0,
    },
    {
      goal: 'traffic answer counts every seeded view of its days',
      target: `${query.answer.expectedPageViews.toLocaleString('en')}`,
      measured: `${query.answer.totalPageViews.toLocaleString('en')}`,
      met: query.answer.totalPageViews === query.answer.expectedPageViews,
    },
    {
      goal: `projecting ${query.pageViews.toLocaleString('en')} page views from the log`,
      target: 'reported',
      measured: `analytics ${query.catchUpSeconds.analytics} s (${query.analyticsEventsPerSecond} views/s), every read model ${query.catchUpSeconds.all} s`,
      met: true,
    },
  ];
}

export function describeTraffic(ingestion: PageViewIngestion, query: TrafficQuery): string {
  return (
    `Page views: ${ingestion.fixedRate.requestsPerSecond} req/s at a fixed ${INGESTION_RATE} (p50 ${ingestion.fixedRate.latencyMs.p50} ms, p99 ${ingestion.fixedRate.latencyMs.p99} ms), ` +
    `${ingestion.closedLoop.requestsPerSecond} req/s in a closed loop (p99 ${ingestion.closedLoop.latencyMs.p99} ms); ` +
    `read models caught up ${ingestion.drainSeconds.fixedRate} s and ${ingestion.drainSeconds.closedLoop} s after each run.\n` +
    `Traffic answer over ${query.pageViews.toLocaleString('en')} page views in ${query.days} days: appended in ${query.seedSeconds} s, projected by analytics in ` +
    `${query.catchUpSeconds.analytics} s (${query.analyticsEventsPerSecond} views/s; every read model ${query.catchUpSeconds.all} s); ` +
    `answer ${(query.answer.bytes / 1024).toFixed(1)} KiB (${query.answer.uniqueVisitors.toLocaleString('en')} visitors, ${query.answer.topPages} pages, ${query.answer.trafficSources} sources); ` +
    `one client p50 ${query.oneClient.latencyMs.p50} ms, p99 ${query.oneClient.latencyMs.p99} ms (${query.oneClient.requestsPerSecond} req/s); ` +
    `ten clients p50 ${query.tenClients.latencyMs.p50} ms, p99 ${query.tenClients.latencyMs.p99} ms (${query.tenClients.requestsPerSecond} req/s)`
  );
}
