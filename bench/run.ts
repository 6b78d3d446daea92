import { ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServerProcess } from '../test/support/server-process';
import { seedCatalogue } from './catalogue-seed';
import { firstLoadJavaScript, FirstLoadSize } from './first-load';
import { describeHotProduct, HotProduct, hotProductGoals, measureHotProduct } from './hot-product';
import { LoadResult, measure } from './load';
import { describeOrderHistory, measureOrderHistory, OrderHistory, orderHistoryGoals } from './order-history';
import { measureProjectionLag, ProjectionLag } from './projection-lag';
import { Goal, log, pct, round } from './report';
import { orderBody, OrderLine } from './shop-api';
import { backlogGoals, describeProjectionBacklog, measureProjectionBacklog } from './backlog';
import { describeInstances, measureInstances } from './instances';
import { describeGrowth, growthGoals, measureGrowth } from './growth';
import { describeLoginFlood, LoginFlood, loginFloodGoals, measureLoginFlood } from './login-flood';
import { describeTraffic, measurePageViewIngestion, measureTrafficQuery, PageViewIngestion, TrafficQuery, trafficGoals } from './traffic';

/** Fixed so runs compare: a closed loop of this many connections for this long per scenario. */
const CATALOGUE_SIZE = 1_000;
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const FIXED_RATE = 500;
/**
 * autocannon paces a fixed rate per connection; with many connections it sends in bursts that
 * queue even at a bare node:http server (p99 near 150 ms at 50 connections), so the rate is
 * spread over few connections, and the bare server is measured at the same rate for reference.
 */
const FIXED_RATE_CONNECTIONS = 10;
/** The storefront's page of products (frontend/src/features/catalogue/api/useCatalogue.ts PRODUCT_PAGE_SIZE). */
const STOREFRONT_PAGE = 48;
const LAG_EVENTS = 1_000;
/** Page views the 90-day traffic answer is measured over (their projection alone takes several minutes). */
const TRAFFIC_VIEWS = Number(process.env.BENCH_TRAFFIC_VIEWS ?? 1_000_000);
/** Everything is bounded anyway; this only guards against a hung child process. */
const WATCHDOG_MS = 60 * 60 * 1000;

const GOALS = {
  productListShareOfBareHttp: 0.5,
  productListP99AtFixedRateMs: 20,
  orderP99Ms: 50,
  projectionLagP99Ms: 100,
  firstLoadJsGzipBytes: 150 * 1024,
};

/** What a browser sends: the shop answers it compressed. */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br' };

async function main(): Promise<void> {
  // The in-process app of the projection-lag step picks its log level from here; startup logs would bury the table.
  process.env.NODE_ENV ??= 'test';
  const watchdog = setTimeout(() => {
    console.error('Benchmark exceeded its time limit');
    process.exit(1);
  }, WATCHDOG_MS);
  watchdog.unref();

  if (process.env.BENCH_ONLY === 'ingestion') return ingestionOnly();
  if (process.env.BENCH_ONLY === 'catalogue') return catalogueOnly();
  if (process.env.BENCH_ONLY === 'orders') return ordersOnly();
  if (process.env.BENCH_ONLY === 'growth') return growthOnly();
  if (process.env.BENCH_ONLY === 'backlog') return backlogOnly();
  if (process.env.BENCH_ONLY === 'instances') return console.log(describeInstances(await measureInstances(cpus().length)));
  const firstLoad = firstLoadJavaScript(resolve(process.env.STATIC_DIR ?? join('dist', 'frontend')));
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  // Every bench request comes from 127.0.0.1: the per-client limit on analytics reports would stop the page-view scenario.
  const server = await startServerProcess(dataDir, { ANALYTICS_RATE_LIMIT: '1000000000' });
  let bare: { url: string; child: ChildProcess } | null = null;
  const scenarios: LoadResult[] = [];
  try {
    log(`Seeding ${CATALOGUE_SIZE} products through the admin API…`);
    const { productIds, benchProductIds } = await seedCatalogue(server.url, CATALOGUE_SIZE);
    const listBytes = Buffer.from(await (await fetch(`${server.url}/api/products`)).arrayBuffer());
    log(`Product list: ${productIds.length} products, ${(listBytes.length / 1024).toFixed(0)} KiB of JSON`);

    const bytesFile = join(dataDir, 'product-list.json');
    writeFileSync(bytesFile, listBytes);
    bare = await startBareServer(bytesFile);

    const anyProduct = cycle(productIds);
    const cart = benchCart(benchProductIds);

    const run = async (scenario: Parameters<typeof measure>[0]) => {
      log(`${scenario.name}…`);
      const result = await measure(scenario);
      scenarios.push(result);
      return result;
    };
    const bareList = await run({ name: 'bare node:http, same bytes', url: `${bare.url}/`, connections: CONNECTIONS, seconds: SECONDS });
    const list = await run({ name: 'GET /api/products', url: `${server.url}/api/products`, connections: CONNECTIONS, seconds: SECONDS });
    await run({ name: 'GET /api/products/:id', url: server.url, path: () => `/api/products/${anyProduct()}`, connections: CONNECTIONS, seconds: SECONDS });
    await run({ name: 'GET /api/categories', url: `${server.url}/api/categories`, connections: CONNECTIONS, seconds: SECONDS });
    await run({
      name: 'POST /api/checkout/quote',
      url: `${server.url}/api/checkout/quote`,
      method: 'POST',
      body: () => ({ items: cart(), shippingMethod: 'express' }),
      connections: CONNECTIONS,
      seconds: SECONDS,
    });
    const orders = await run(orderPlacement(server.url, cart));
    await run({
      name: `bare node:http at ${FIXED_RATE} req/s`,
      url: `${bare.url}/`,
      overallRate: FIXED_RATE,
      connections: FIXED_RATE_CONNECTIONS,
      seconds: SECONDS,
    });
    const fullListAtFixedRate = await run({
      name: `GET /api/products (all ${CATALOGUE_SIZE}) at ${FIXED_RATE} req/s`,
      url: `${server.url}/api/products`,
      overallRate: FIXED_RATE,
      connections: FIXED_RATE_CONNECTIONS,
      seconds: SECONDS,
    });
    // What the storefront asks for since it pages the catalogue (issue 13): the first page of /products.
    const fixedRate = await run({
      name: `GET /api/products?limit=${STOREFRONT_PAGE} at ${FIXED_RATE} req/s`,
      url: `${server.url}/api/products?limit=${STOREFRONT_PAGE}`,
      overallRate: FIXED_RATE,
      connections: FIXED_RATE_CONNECTIONS,
      seconds: SECONDS,
    });
    // The same page as a browser asks for it, accepting compression (the other scenarios take identity bytes, like the bare server).
    await run({
      name: `GET /api/products?limit=${STOREFRONT_PAGE} at ${FIXED_RATE} req/s, gzip`,
      url: `${server.url}/api/products?limit=${STOREFRONT_PAGE}`,
      headers: () => BROWSER_ENCODINGS,
      overallRate: FIXED_RATE,
      connections: FIXED_RATE_CONNECTIONS,
      seconds: SECONDS,
    });
    await stopBareServer(bare.child);
    bare = null;

    // After the scenarios above, so their figures stay comparable with runs from before these two;
    // on the same, warmed-up server, so the first orders of the history are not slowed by a cold start.
    log('Order latency vs product history…');
    const history = await measureOrderHistory(server.url);
    log('Hot product…');
    const hot = await measureHotProduct(server.url);
    log('Login flood…');
    const flood = await measureLoginFlood(server.url);
    // Last on this server: the projection of the page views it records runs on for a while after.
    const ingestion = await measurePageViewIngestion(server.url, SECONDS);
    scenarios.push(ingestion.fixedRate, ingestion.closedLoop);
    await server.stop();

    log(`Projection lag over ${LAG_EVENTS} appends…`);
    const lag = await measureProjectionLag(LAG_EVENTS);

    const traffic = await measureTrafficQuery(TRAFFIC_VIEWS, SECONDS);
    scenarios.push(traffic.oneClient, traffic.tenClients);

    const goals = [...assess(list, bareList, fixedRate, orders, lag, firstLoad), ...orderHistoryGoals(history), ...hotProductGoals(hot), ...loginFloodGoals(flood), ...trafficGoals(ingestion, traffic)];
    const results = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version },
      catalogueSize: productIds.length,
      productListBytes: listBytes.length,
      productListShareOfBareHttp: round(list.requestsPerSecond / bareList.requestsPerSecond, 3),
      scenarios,
      projectionLag: lag,
      orderHistory: history,
      hotProduct: hot,
      loginFlood: flood,
      fullListAtFixedRate,
      pageViewIngestion: ingestion,
      trafficQuery: traffic,
      firstLoadJavaScript: firstLoad,
      goals,
    };
    mkdirSync(resolve('bench', 'results'), { recursive: true });
    writeFileSync(resolve('bench', 'results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
    printReport(scenarios, results.productListShareOfBareHttp, lag, history, hot, flood, ingestion, traffic, firstLoad, goals);
    log('Written to bench/results/latest.json');
  } finally {
    if (bare) await stopBareServer(bare.child);
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `BENCH_ONLY=ingestion npm run bench`: the page-view ingestion scenarios alone, on a fresh server
 * (a minute instead of the whole run, most of which projects the million page views of the query).
 */
async function ingestionOnly(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  const server = await startServerProcess(dataDir, { ANALYTICS_RATE_LIMIT: '1000000000' });
  try {
    const ingestion = await measurePageViewIngestion(server.url, SECONDS);
    printScenarios([ingestion.fixedRate, ingestion.closedLoop]);
    console.log(`Projection caught up ${ingestion.drainSeconds.fixedRate} s after the fixed-rate run, ${ingestion.drainSeconds.closedLoop} s after the closed loop`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `BENCH_ONLY=catalogue npm run bench`: 1,000 products, the product list whole and paged at the fixed
 * rate (with the bare server for reference), and the login flood, on a fresh server: a few minutes.
 */
async function catalogueOnly(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  const server = await startServerProcess(dataDir);
  let bare: { url: string; child: ChildProcess } | null = null;
  try {
    await seedCatalogue(server.url, CATALOGUE_SIZE);
    const bytesFile = join(dataDir, 'product-list.json');
    writeFileSync(bytesFile, Buffer.from(await (await fetch(`${server.url}/api/products`)).arrayBuffer()));
    bare = await startBareServer(bytesFile);
    const fixed = (name: string, url: string, headers?: () => Record<string, string>) => measure({ name, url, headers, overallRate: FIXED_RATE, connections: FIXED_RATE_CONNECTIONS, seconds: SECONDS });
    const results = [
      await fixed(`bare node:http at ${FIXED_RATE} req/s`, `${bare.url}/`),
      await fixed(`GET /api/products (all ${CATALOGUE_SIZE}) at ${FIXED_RATE} req/s`, `${server.url}/api/products`),
      await fixed(`GET /api/products?limit=${STOREFRONT_PAGE} at ${FIXED_RATE} req/s`, `${server.url}/api/products?limit=${STOREFRONT_PAGE}`),
      await fixed(`GET /api/products?limit=${STOREFRONT_PAGE} at ${FIXED_RATE} req/s, gzip`, `${server.url}/api/products?limit=${STOREFRONT_PAGE}`, () => BROWSER_ENCODINGS),
    ];
    printScenarios(results);
    log('Login flood…');
    console.log(describeLoginFlood(await measureLoginFlood(server.url)));
  } finally {
    if (bare) await stopBareServer(bare.child);
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The values one after another, round and round. */
function cycle<T>(values: T[]): () => T {
  let next = 0;
  return () => values[(next += 1) % values.length];
}

/** A two-line cart over the bench products, a different pair each time. */
function benchCart(benchProductIds: number[]): () => OrderLine[] {
  const benchProduct = cycle(benchProductIds);
  return () => [
    { productId: benchProduct(), quantity: 2 },
    { productId: benchProduct(), quantity: 1 },
  ];
}

/** Guests placing orders of `cart()` over 10 connections for the usual time. */
function orderPlacement(url: string, cart: () => OrderLine[]): Parameters<typeof measure>[0] {
  return { name: 'POST /api/orders', url: `${url}/api/orders`, method: 'POST', body: () => orderBody(cart()), connections: CONNECTIONS, seconds: SECONDS };
}

/** Results of the partial runs, one row per scenario. */
function printScenarios(results: LoadResult[]): void {
  console.table(results.map((s) => ({ scenario: s.name, 'req/s': s.requestsPerSecond, 'p50 ms': s.latencyMs.p50, 'p99 ms': s.latencyMs.p99, 'non-2xx': s.non2xx, errors: s.errors })));
}

/** `BENCH_ONLY=growth npm run bench`: the shop grown to 0, 10,000 and 50,000 orders (GROWTH_SIZES), each answer measured at every size. */
async function growthOnly(): Promise<void> {
  const growth = await measureGrowth();
  console.log(describeGrowth(growth));
  console.table(growthGoals(growth));
}

/**
 * `BENCH_ONLY=backlog npm run bench`: order placement alone, then beside a backlog of page views of a
 * day with many distinct pages, and the projection's rate (bench/backlog.ts): about a minute.
 */
async function backlogOnly(): Promise<void> {
  const backlog = await measureProjectionBacklog(CATALOGUE_SIZE, benchCart);
  console.log(describeProjectionBacklog(backlog));
  console.table(backlogGoals(backlog));
}

/**
 * `BENCH_ONLY=orders npm run bench`: order placement for the usual 10 s, then the order-history and
 * hot-product scenarios, on a fresh server with the catalogue, as in the full run: a few minutes.
 */
async function ordersOnly(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  const server = await startServerProcess(dataDir);
  try {
    const { benchProductIds } = await seedCatalogue(server.url, CATALOGUE_SIZE);
    const orders = await measure(orderPlacement(server.url, benchCart(benchProductIds)));
    printScenarios([orders]);
    log('Order latency vs product history…');
    console.log(describeOrderHistory(await measureOrderHistory(server.url)));
    log('Hot product…');
    console.log(describeHotProduct(await measureHotProduct(server.url)));
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function assess(list: LoadResult, bare: LoadResult, fixedRate: LoadResult, orders: LoadResult, lag: ProjectionLag, firstLoad: FirstLoadSize): Goal[] {
  const share = list.requestsPerSecond / bare.requestsPerSecond;
  const fixedRateHeld = fixedRate.requestsPerSecond >= FIXED_RATE * 0.95 && fixedRate.non2xx === 0 && fixedRate.errors === 0;
  return [
    { goal: 'product list throughput vs bare node:http', target: `≥ ${pct(GOALS.productListShareOfBareHttp)}`, measured: pct(share), met: share >= GOALS.productListShareOfBareHttp },
    {
      goal: `product list (first page of ${STOREFRONT_PAGE}) p99 at ${FIXED_RATE} req/s`,
      target: `< ${GOALS.productListP99AtFixedRateMs} ms`,
      measured: `${fixedRate.latencyMs.p99} ms at ${fixedRate.requestsPerSecond} req/s achieved`,
      met: fixedRateHeld && fixedRate.latencyMs.p99 < GOALS.productListP99AtFixedRateMs,
    },
    { goal: 'order placement p99', target: `< ${GOALS.orderP99Ms} ms`, measured: `${orders.latencyMs.p99} ms`, met: orders.non2xx === 0 && orders.latencyMs.p99 < GOALS.orderP99Ms },
    { goal: 'projection lag p99', target: `< ${GOALS.projectionLagP99Ms} ms`, measured: `${lag.p99Ms} ms`, met: lag.timedOut === 0 && lag.p99Ms < GOALS.projectionLagP99Ms },
    {
      goal: 'first-load JavaScript (gzip)',
      target: `≤ ${GOALS.firstLoadJsGzipBytes / 1024} KiB`,
      measured: `${(firstLoad.gzipBytes / 1024).toFixed(1)} KiB`,
      met: firstLoad.gzipBytes <= GOALS.firstLoadJsGzipBytes,
    },
  ];
}

function printReport(
  scenarios: LoadResult[],
  share: number,
  lag: ProjectionLag,
  history: OrderHistory,
  hot: HotProduct,
  flood: LoginFlood,
  ingestion: PageViewIngestion,
  traffic: TrafficQuery,
  firstLoad: FirstLoadSize,
  goals: Goal[],
): void {
  console.log('');
  console.table(
    scenarios.map((s) => ({
      scenario: s.name,
      load: s.targetRate ? `${s.targetRate} req/s, ${s.connections} conns` : `${s.connections} conns`,
      'req/s': s.requestsPerSecond,
      'p50 ms': s.latencyMs.p50,
      'p99 ms': s.latencyMs.p99,
      'non-2xx': s.non2xx,
      errors: s.errors,
    })),
  );
  console.log(`Product list throughput: ${pct(share)} of bare node:http serving the same bytes`);
  console.log(`Projection lag over ${lag.events} appends: p50 ${lag.p50Ms} ms, p99 ${lag.p99Ms} ms, max ${lag.maxMs.toFixed(2)} ms, timed out ${lag.timedOut}`);
  console.log(describeOrderHistory(history));
  console.log(describeHotProduct(hot));
  console.log(describeLoginFlood(flood));
  console.log(describeTraffic(ingestion, traffic));
  console.log(`First-load JavaScript: ${(firstLoad.gzipBytes / 1024).toFixed(1)} KiB gzip (${(firstLoad.bytes / 1024).toFixed(1)} KiB raw) in ${firstLoad.files.map((f) => f.path).join(', ')}`);
  console.table(goals.map((g) => ({ goal: g.goal, target: g.target, measured: g.measured, met: g.met ? 'yes' : 'NO' })));
}

function startBareServer(bytesFile: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(__dirname, 'bare-server.js'), bytesFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error('The bare node:http server did not start')), 10_000);
    child.once('exit', (code) => reject(new Error(`The bare node:http server exited with ${code}`)));
    child.stdout?.once('data', (chunk: Buffer) => {
      clearTimeout(timer);
      resolvePort({ url: `http://127.0.0.1:${chunk.toString().trim()}`, child });
    });
  });
}

function stopBareServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
