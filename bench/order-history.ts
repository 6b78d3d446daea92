import { Goal } from './report';
import { countOutcomes, createProduct, OrderAttempt, placeOrder, untilCaughtUp } from './shop-api';
import { percentile } from './stats';

export interface OrderHistory {
  /** Orders placed on the one product, each of quantity 1. */
  orders: number;
  /** Orders in each measured window: the first and the last of the run. */
  window: number;
  /** Clients placing the orders between the two windows. */
  bulkConcurrency: number;
  firstMedianMs: number;
  lastMedianMs: number;
  /** lastMedianMs / firstMedianMs: how much an order slows down as the product's history grows. */
  ratio: number;
  /** Orders not placed (anything but a 201 with an id), over the whole run. */
  failures: number;
  outcomes: Record<string, number>;
  seconds: number;
}

const ORDERS = Number(process.env.BENCH_HISTORY_ORDERS ?? 10_000);
const WINDOW = 100;
const BULK_CONCURRENCY = 8;
const STOCK = 1_000_000;
const MAX_RATIO = 1.2;

/**
 * Latency of an order against the length of its product's history: one fresh product, ORDERS
 * orders of quantity 1 on it, each reserving stock and so adding to the product's stream.
 *
 * The first and the last WINDOW orders are placed one at a time by a single client, so their
 * latencies are the server's own work for an order, free of queueing behind other clients; a
 * change between the two medians is then the cost of the longer history alone. The orders in
 * between only have to build that history, so they are placed by BULK_CONCURRENCY clients at
 * once to keep the run short; their latencies are not used. Each window starts once the server has
 * caught up with everything before it (projections, e-mails), so neither measures leftovers of earlier load.
 */
export async function measureOrderHistory(baseUrl: string): Promise<OrderHistory> {
  const productId = await createProduct(baseUrl, { name: 'Bench History Peptide', sku: 'BENCH-HISTORY', stock: STOCK });
  const window = Math.min(WINDOW, Math.floor(ORDERS / 2));
  const started = Date.now();
  await untilCaughtUp(baseUrl);
  const first = await sequentially(baseUrl, productId, window);
  const bulk = await concurrently(baseUrl, productId, ORDERS - 2 * window, BULK_CONCURRENCY);
  await untilCaughtUp(baseUrl);
  const last = await sequentially(baseUrl, productId, window);
  const all = [...first, ...bulk, ...last];
  const firstMedianMs = percentile(first.map((a) => a.ms), 50);
  const lastMedianMs = percentile(last.map((a) => a.ms), 50);
  return {
    orders: all.length,
    window,
    bulkConcurrency: BULK_CONCURRENCY,
    firstMedianMs,
    lastMedianMs,
    ratio: Math.round((lastMedianMs / firstMedianMs) * 1000) / 1000,
    failures: all.filter((a) => !a.placed).length,
    outcomes: countOutcomes(all),
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}

async function sequentially(baseUrl: string, productId: number, count: number): Promise<OrderAttempt[]> {
  const attempts: OrderAttempt[] = [];
  for (let i = 0; i < count; i += 1) attempts.push(await placeOrder(baseUrl, productId));
  return attempts;
}

async function concurrently(baseUrl: string, productId: number, count: number, clients: number): Promise<OrderAttempt[]> {
  const attempts: OrderAttempt[] = [];
  let next = 0;
  const client = async () => {
    // The count is taken before the await, so the clients together place exactly `count`.
    while (next < count) {
      next += 1;
      attempts.push(await placeOrder(baseUrl, productId));
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return attempts;
}

export function describeOrderHistory(h: OrderHistory): string {
  return (
    `Order latency vs product history (${h.orders} orders of 1 unit on one product, ${h.window}-order windows one at a time, ` +
    `${h.bulkConcurrency} clients in between, ${h.seconds} s): first ${h.firstMedianMs} ms, last ${h.lastMedianMs} ms median, ` +
    `ratio ${h.ratio}; not placed ${h.failures} ${JSON.stringify(h.outcomes)}`
  );
}

export function orderHistoryGoals(h: OrderHistory): Goal[] {
  return [
    {
      goal: `order latency, last ${h.window} / first ${h.window} of ${h.orders} on one product`,
      target: `≤ ${MAX_RATIO}`,
      measured: `${h.ratio} (${h.firstMedianMs} → ${h.lastMedianMs} ms median)${h.failures ? `, ${h.failures} not placed` : ''}`,
      met: h.failures === 0 && h.ratio <= MAX_RATIO,
    },
  ];
}
