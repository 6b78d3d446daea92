import { performance } from 'node:perf_hooks';
import { Goal, pct } from './report';
import { countOutcomes, createProduct, OrderAttempt, placeOrder, productStock } from './shop-api';
import { percentile } from './stats';

export interface HotProduct {
  clients: number;
  seconds: number;
  /** Orders answered (or failed) in all. */
  requests: number;
  /** 201 with the new order's id. */
  accepted: number;
  /** Everything else: 409, 404, 5xx, 202 (placed but not yet visible), network errors and timeouts. */
  falseErrors: number;
  acceptedShare: number;
  outcomes: Record<string, number>;
  requestsPerSecond: number;
  /** Over every request, accepted or not. */
  latencyMs: { p50: number; p99: number; max: number };
  stock: {
    initial: number;
    /** initial − accepted: each accepted order took exactly one unit. */
    expected: number;
    /** As GET /api/products/:id shows it once the read model has caught up (or after STOCK_WAIT_MS). */
    read: number;
    /** How long after the last answer the read model showed `expected` (or how long we waited). */
    waitedMs: number;
  };
}

const CLIENTS = 200;
const SECONDS = Number(process.env.BENCH_HOT_SECONDS ?? 20);
/** Far more than 200 clients can order in the time: the product must never run out. */
const STOCK = 1_000_000;
const STOCK_WAIT_MS = 10_000;
const MIN_ACCEPTED_SHARE = 0.99;

/**
 * A product everyone wants at once: CLIENTS buyers, each over its own keep-alive connection,
 * place orders of one unit of the same fresh product in a closed loop for SECONDS. Plain fetch
 * rather than autocannon: a loop starts no new order after the deadline but waits for the ones
 * under way, so every order the server took is counted by status, which the stock check needs.
 */
export async function measureHotProduct(baseUrl: string): Promise<HotProduct> {
  const productId = await createProduct(baseUrl, { name: 'Bench Hot Peptide', sku: 'BENCH-HOT', stock: STOCK });
  const attempts: OrderAttempt[] = [];
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const buyer = async () => {
    while (performance.now() < deadline) attempts.push(await placeOrder(baseUrl, productId));
  };
  await Promise.all(Array.from({ length: CLIENTS }, buyer));
  const elapsedSeconds = (performance.now() - started) / 1000;

  const accepted = attempts.filter((a) => a.placed).length;
  const latencies = attempts.map((a) => a.ms);
  return {
    clients: CLIENTS,
    seconds: Math.round(elapsedSeconds * 10) / 10,
    requests: attempts.length,
    accepted,
    falseErrors: attempts.length - accepted,
    acceptedShare: attempts.length ? accepted / attempts.length : 0,
    outcomes: countOutcomes(attempts),
    requestsPerSecond: Math.round(attempts.length / elapsedSeconds),
    latencyMs: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: Math.round(latencies.reduce((a, b) => Math.max(a, b), 0) * 100) / 100 },
    stock: await settledStock(baseUrl, productId, STOCK - accepted),
  };
}

/** Reads the stock until it shows `expected`, so a read model a moment behind is not taken for lost units. */
async function settledStock(baseUrl: string, productId: number, expected: number): Promise<HotProduct['stock']> {
  const started = performance.now();
  for (;;) {
    const read = await productStock(baseUrl, productId);
    const waitedMs = Math.round(performance.now() - started);
    if (read === expected || waitedMs >= STOCK_WAIT_MS) return { initial: STOCK, expected, read, waitedMs };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function describeHotProduct(h: HotProduct): string {
  return (
    `Hot product (${h.clients} buyers of one product for ${h.seconds} s): ${h.requests} orders at ${h.requestsPerSecond} req/s, ` +
    `accepted ${h.accepted} (${pct(h.acceptedShare)}), false errors ${h.falseErrors} ${JSON.stringify(h.outcomes)}, ` +
    `p50 ${h.latencyMs.p50} ms, p99 ${h.latencyMs.p99} ms, max ${h.latencyMs.max} ms; ` +
    `stock ${h.stock.read} read vs ${h.stock.initial} − ${h.accepted} = ${h.stock.expected} expected (read after ${h.stock.waitedMs} ms)`
  );
}

export function hotProductGoals(h: HotProduct): Goal[] {
  return [
    { goal: `hot product, ${h.clients} buyers: false errors`, target: '0', measured: `${h.falseErrors} of ${h.requests}`, met: h.requests > 0 && h.falseErrors === 0 },
    { goal: `hot product, ${h.clients} buyers: accepted`, target: `≥ ${pct(MIN_ACCEPTED_SHARE)}`, measured: pct(h.acceptedShare), met: h.acceptedShare >= MIN_ACCEPTED_SHARE },
    {
      goal: `hot product, ${h.clients} buyers: order p99`,
      target: 'reported',
      measured: `${h.latencyMs.p99} ms (p50 ${h.latencyMs.p50} ms) at ${h.requestsPerSecond} req/s`,
      met: h.requests > 0 && Number.isFinite(h.latencyMs.p99),
    },
    {
      goal: 'hot product: stock = initial − accepted',
      target: `${h.stock.expected}`,
      measured: `${h.stock.read}`,
      met: h.stock.read === h.stock.expected,
    },
  ];
}
