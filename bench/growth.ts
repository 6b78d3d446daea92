import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { adminCookie } from '../test/support/http-client';
import { createTestDatabase, postgresUnavailableReason, TestDatabase } from '../test/support/postgres-server';
import { ServerProcess, startServerProcess } from '../test/support/server-process';
import { seedCatalogue } from './catalogue-seed';
import { LoadResult, measure } from './load';
import { Goal, log, round } from './report';
import { orderBody, untilCaughtUp } from './shop-api';
import { percentile } from './stats';

/**
 * Issue 24's growth benchmark (`BENCH_ONLY=growth npm run bench`): one shop grown through its API to
 * 0, 10,000 and 50,000 orders (GROWTH_SIZES to choose; page views alongside, on a catalogue of
 * GROWTH_PRODUCTS products), restarted at each size, then every answer that used to grow with the
 * history measured alone and at 10 connections, with the start-up time and the server's memory. Each
 * figure is also given as its ratio to the empty shop's. GROWTH_STORAGE=postgres grows a new database on
 * the PostgreSQL server of TEST_DATABASE_URL (127.0.0.1:5432 by default) instead of the embedded stores.
 */

const STORAGE: 'embedded' | 'postgres' = process.env.GROWTH_STORAGE === 'postgres' ? 'postgres' : 'embedded';
const SIZES = (process.env.GROWTH_SIZES ?? '0,10000,50000').split(',').map(Number);
const PRODUCTS = Number(process.env.GROWTH_PRODUCTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
/** Orders placed at once while growing the shop, each followed by page views of two product pages; every other order asks for a crypto payment. */
const GROWING_CLIENTS = 16;
const VIEWS_PER_ORDER = 2;
/** Orders a second arriving while the storefront's product page is measured. */
const ORDERS_PER_SECOND_BESIDE = 10;
const SINGLE_REQUESTS = 7;
const MiB = 1024 * 1024;

const GOALS = { ratio: 2, searchP99Ms: 20, storefrontP99Ms: 20, rssMiB: 512, startupSeconds: 5, ordersTabMs: 1000 };

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface Answer {
  name: string;
  /** The median of single requests, one at a time (ms), and the answer's size. */
  singleMs: number;
  bytes: number;
  load: LoadResult;
}

export interface GrowthSize {
  orders: number;
  pageViews: number;
  growSeconds: number;
  /** From starting the process until it answered and every read model had caught up with the log. */
  startupSeconds: number;
  answers: Answer[];
  /** The storefront's first page of products, while ORDERS_PER_SECOND_BESIDE orders a second arrive. */
  storefrontBesideOrders: LoadResult;
  rssMiB: number;
  highWaterMiB: number;
}

export interface Growth {
  storage: 'embedded' | 'postgres';
  products: number;
  sizes: GrowthSize[];
}

export async function measureGrowth(): Promise<Growth> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-growth-'));
  let database: TestDatabase | null = null;
  if (STORAGE === 'postgres') {
    const unavailable = await postgresUnavailableReason();
    if (unavailable) throw new Error(`GROWTH_STORAGE=postgres: ${unavailable}`);
    database = await createTestDatabase('shop_growth');
  }
  const env = { ANALYTICS_RATE_LIMIT: '1000000000', MAILS_PER_RECIPIENT_PER_HOUR: '10000', ...(database ? { DATABASE_URL: database.url } : {}) };
  let server: ServerProcess | null = await startServerProcess(dataDir, env);
  const sizes: GrowthSize[] = [];
  try {
    log(`Growth: seeding ${PRODUCTS.toLocaleString('en')} products…`);
    const { benchProductIds } = await seedCatalogue(server.url, PRODUCTS);
    let orders = 0;
    let pageViews = 0;
    for (const size of SIZES) {
      log(`Growth: ${orders.toLocaleString('en')} → ${size.toLocaleString('en')} orders…`);
      const grown = await grow(server.url, benchProductIds, size - orders);
      orders = size;
      pageViews += grown.pageViews;
      await untilCaughtUp(server.url, 30 * 60_000);
      await server.stop();
      server = null;
      const started = performance.now();
      server = await startServerProcess(dataDir, env);
      await untilCaughtUp(server.url, 5 * 60_000);
      const startupSeconds = (performance.now() - started) / 1000;
      log(`Growth: ${size.toLocaleString('en')} orders, restarted in ${startupSeconds.toFixed(1)} s; measuring…`);
      sizes.push({ orders: size, pageViews, growSeconds: grown.seconds, startupSeconds, ...(await measureAnswers(server, benchProductIds)) });
    }
  } finally {
    await server?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const growth = { storage: STORAGE, products: PRODUCTS, sizes };
  mkdirSync(join('bench', 'results'), { recursive: true });
  writeFileSync(join('bench', 'results', STORAGE === 'postgres' ? 'growth-postgres.json' : 'growth.json'), JSON.stringify(growth, null, 2));
  return growth;
}

/** Places `count` orders through the API, GROWING_CLIENTS at a time, each followed by page views of two product pages. */
async function grow(url: string, productIds: number[], count: number): Promise<{ pageViews: number; seconds: number }> {
  const started = performance.now();
  let next = 0;
  let pageViews = 0;
  const client = async () => {
    for (; next < count; ) {
      next += 1;
      const productId = productIds[Math.floor(Math.random() * productIds.length)];
      const response = await fetch(`${url}/api/orders`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(orderBody([{ productId, quantity: 1 }])) });
      if (response.status !== 201) throw new Error(`Growing the shop: an order answered ${response.status}: ${await response.text()}`);
      const { id: orderId } = (await response.json()) as { id: number };
      if (next % 2 === 0) {
        // The guest's session placed the order: it may ask for the payment.
        const cookie = response.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
        const payment = await fetch(`${url}/api/payments/crypto`, { method: 'POST', headers: { 'Content-Type': 'application/json', cookie }, body: JSON.stringify({ orderId, paymentMethod: 'bitcoin' }) });
        if (payment.status !== 201) throw new Error(`Growing the shop: a payment answered ${payment.status}: ${await payment.text()}`);
        await payment.arrayBuffer();
      }
      for (let view = 0; view < VIEWS_PER_ORDER; view += 1) {
        const viewed = productIds[Math.floor(Math.random() * productIds.length)];
        const reported = await fetch(`${url}/api/analytics/pageview`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'User-Agent': BROWSER.replace('131.0.0.0', `131.0.${next % 997}.0`) },
          body: JSON.stringify({ path: `/products/${viewed}`, referrer: view === 0 ? 'https://www.google.com/' : undefined }),
        });
        if (reported.status >= 300) throw new Error(`Growing the shop: a page view answered ${reported.status}`);
        await reported.arrayBuffer();
        pageViews += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: GROWING_CLIENTS }, client));
  return { pageViews, seconds: (performance.now() - started) / 1000 };
}

async function measureAnswers(server: ServerProcess, productIds: number[]): Promise<Pick<GrowthSize, 'answers' | 'storefrontBesideOrders' | 'rssMiB' | 'highWaterMiB'>> {
  const cookie = await adminCookie(server.url);
  const admin = () => ({ cookie });
  // A different term almost every time (a product's number, part of a SKU): answered by the search index, not a cache.
  const term = () => (Math.random() < 0.5 ? `Peptide ${1 + Math.floor(Math.random() * PRODUCTS)}` : `BENCH-${String(Math.floor(Math.random() * PRODUCTS)).padStart(4, '0').slice(0, 3)}`);
  const answers: Answer[] = [];
  const answer = async (name: string, path: string | (() => string), headers?: () => Record<string, string>) => {
    const pathOf = typeof path === 'string' ? () => path : path;
    const single: number[] = [];
    let bytes = 0;
    for (let n = 0; n < SINGLE_REQUESTS; n += 1) {
      const started = performance.now();
      const response = await fetch(`${server.url}${pathOf()}`, { headers: headers?.() });
      bytes = (await response.arrayBuffer()).byteLength;
      if (response.status !== 200) throw new Error(`${name} answered ${response.status}`);
      single.push(performance.now() - started);
    }
    const load = await measure({ name, url: server.url, path: pathOf, headers, connections: CONNECTIONS, seconds: SECONDS });
    answers.push({ name, singleMs: percentile(single, 50), bytes, load });
  };
  await answer('GET /api/admin/orders (the Orders tab)', '/api/admin/orders', admin);
  await answer('GET /api/admin/dashboard', '/api/admin/dashboard', admin);
  await answer('GET /api/admin/audit, page 1', '/api/admin/audit', admin);
  await answer('GET /api/admin/payments', '/api/admin/payments', admin);
  await answer('GET /api/analytics/traffic?days=90', '/api/analytics/traffic?days=90', admin);
  await answer('product search, rotating terms', () => `/api/products?limit=48&search=${encodeURIComponent(term())}`);

  // The storefront's first page while orders arrive (each changes the stock of its own product).
  let placing = true;
  const besideOrders = (async () => {
    while (placing) {
      const productId = productIds[Math.floor(Math.random() * productIds.length)];
      void fetch(`${server.url}/api/orders`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(orderBody([{ productId, quantity: 1 }])) }).then((response) => response.arrayBuffer());
      await new Promise((resolve) => setTimeout(resolve, 1000 / ORDERS_PER_SECOND_BESIDE));
    }
  })();
  const storefrontBesideOrders = await measure({ name: `GET /api/products?limit=48 while ${ORDERS_PER_SECOND_BESIDE} orders/s arrive`, url: `${server.url}/api/products?limit=48`, connections: CONNECTIONS, seconds: SECONDS });
  placing = false;
  await besideOrders;
  const memory = processMemory(server.child.pid!);
  return { answers, storefrontBesideOrders, ...memory };
}

/** Resident memory now and its high-water mark, from /proc. */
function processMemory(pid: number): { rssMiB: number; highWaterMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMiB: round((kib('VmRSS') * 1024) / MiB, 0), highWaterMiB: round((kib('VmHWM') * 1024) / MiB, 0) };
}

export function describeGrowth(growth: Growth): string {
  const [empty] = growth.sizes;
  const ratio = (value: number, base: number) => (base > 0 ? `${round(value / base, 2)}×` : '–');
  const lines = [
    `Growth on the ${growth.storage === 'postgres' ? 'PostgreSQL' : 'embedded'} stores over ${growth.products.toLocaleString('en')} products (page views alongside: ${VIEWS_PER_ORDER} per order); single = median of ${SINGLE_REQUESTS} requests one at a time; then ${CONNECTIONS} connections for ${SECONDS} s.`,
    '',
    `| answer | ${growth.sizes.map((size) => `${size.orders.toLocaleString('en')} orders`).join(' | ')} |`,
    `|---|${growth.sizes.map(() => '---').join('|')}|`,
  ];
  for (const [index, base] of empty.answers.entries()) {
    const cells = growth.sizes.map((size) => {
      const { singleMs, bytes, load } = size.answers[index];
      const vsEmpty = size === empty ? '' : ` (p50 ${ratio(load.latencyMs.p50, base.load.latencyMs.p50)})`;
      return `${round(singleMs, 1)} ms, ${(bytes / 1024).toFixed(1)} KiB; p50 ${load.latencyMs.p50} ms, p99 ${load.latencyMs.p99} ms, ${load.requestsPerSecond} req/s${vsEmpty}`;
    });
    lines.push(`| ${base.name} | ${cells.join(' | ')} |`);
  }
  lines.push(`| storefront \`?limit=48\` while ${ORDERS_PER_SECOND_BESIDE} orders/s arrive | ${growth.sizes.map((size) => `p50 ${size.storefrontBesideOrders.latencyMs.p50} ms, p99 ${size.storefrontBesideOrders.latencyMs.p99} ms`).join(' | ')} |`);
  lines.push(`| start-up (until every read model caught up) | ${growth.sizes.map((size) => `${size.startupSeconds.toFixed(1)} s`).join(' | ')} |`);
  lines.push(`| server RSS after the run, high-water mark | ${growth.sizes.map((size) => `${size.rssMiB} MiB, ${size.highWaterMiB} MiB`).join(' | ')} |`);
  lines.push(`| growing to this size | ${growth.sizes.map((size) => `${size.growSeconds.toFixed(0)} s, ${size.pageViews.toLocaleString('en')} page views in all`).join(' | ')} |`);
  return lines.join('\n');
}

export function growthGoals(growth: Growth): Goal[] {
  const [empty] = growth.sizes;
  const largest = growth.sizes[growth.sizes.length - 1];
  const worst = largest.answers
    .map((answer, index) => ({ name: answer.name, ratio: answer.load.latencyMs.p50 / Math.max(1, empty.answers[index].load.latencyMs.p50) }))
    .sort((a, b) => b.ratio - a.ratio)[0];
  const search = largest.answers.find((answer) => answer.name.startsWith('product search'))!;
  const ordersTab = largest.answers[0];
  const at = `at ${largest.orders.toLocaleString('en')} orders`;
  return [
    { goal: `every answer's p50 within ${GOALS.ratio}× of the empty shop's, ${at}`, target: `≤ ${GOALS.ratio}×`, measured: `worst: ${worst.name} ${round(worst.ratio, 2)}×`, met: worst.ratio <= GOALS.ratio },
    { goal: `the Orders tab's first page, ${at}`, target: `< ${GOALS.ordersTabMs} ms`, measured: `${round(ordersTab.singleMs, 1)} ms`, met: ordersTab.singleMs < GOALS.ordersTabMs },
    { goal: `product search p99 with ${growth.products.toLocaleString('en')} products`, target: `< ${GOALS.searchP99Ms} ms`, measured: `${search.load.latencyMs.p99} ms`, met: search.load.latencyMs.p99 < GOALS.searchP99Ms },
    { goal: `storefront page p99 while ${ORDERS_PER_SECOND_BESIDE} orders/s arrive, ${at}`, target: `< ${GOALS.storefrontP99Ms} ms`, measured: `${largest.storefrontBesideOrders.latencyMs.p99} ms`, met: largest.storefrontBesideOrders.latencyMs.p99 < GOALS.storefrontP99Ms },
    { goal: `server RSS (high-water mark), ${at}`, target: `< ${GOALS.rssMiB} MiB`, measured: `${largest.highWaterMiB} MiB`, met: largest.highWaterMiB < GOALS.rssMiB },
    { goal: `start-up after a restart, ${at}`, target: `< ${GOALS.startupSeconds} s`, measured: `${largest.startupSeconds.toFixed(1)} s`, met: largest.startupSeconds < GOALS.startupSeconds },
  ];
}
