import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, postgresUnavailableReason } from '../test/support/postgres-server';
import { ServerProcess, startServerProcess } from '../test/support/server-process';
import { placeOrders, PlacementWindow } from './backlog';
import { seedCatalogue } from './catalogue-seed';
import { log } from './report';
import { OrderLine, untilCaughtUp } from './shop-api';

/**
 * Scale-out on PostgreSQL (issue 18): order placement with 1, 2 and 3 instances of the shop on one
 * PostgreSQL database, the clients' orders spread round-robin over the instances. Each size starts
 * on a new, empty database (demo data, then INSTANCES_PRODUCTS products through the admin API).
 *
 * On this project's 2-core machines the instances, PostgreSQL and the load generator share the same
 * two cores, so more instances cannot add throughput here: the figures show what coordination across
 * instances costs (leases, shared checkpoints, conflicts retried across processes), not how far a
 * cluster of real machines scales.
 */

const SIZES = (process.env.INSTANCES ?? '1,2,3').split(',').map(Number);
const PRODUCTS = Number(process.env.INSTANCES_PRODUCTS ?? 200);
const CLIENTS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

export interface InstancesRun {
  instances: number;
  placement: PlacementWindow;
}

export type Instances = { skipped: string } | { runs: InstancesRun[]; cpus: number };

export async function measureInstances(cpus: number): Promise<Instances> {
  const unavailable = await postgresUnavailableReason();
  if (unavailable) return { skipped: unavailable };
  const runs: InstancesRun[] = [];
  for (const count of SIZES) {
    const database = await createTestDatabase('shop_bench');
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-instances-'));
    let servers: ServerProcess[] = [];
    try {
      log(`Instances: starting ${count} on one new PostgreSQL database…`);
      servers = await Promise.all(Array.from({ length: count }, () => startServerProcess(dataDir, { DATABASE_URL: database.url })));
      const urls = servers.map((server) => server.url);
      const { benchProductIds } = await seedCatalogue(urls[0], PRODUCTS);
      for (const url of urls) await untilCaughtUp(url, 120_000);
      const cart = twoLines(benchProductIds);
      await placeOrders(urls, cart, (elapsed) => elapsed > 2_000, CLIENTS);
      log(`Instances: ${CLIENTS} clients placing orders over ${count} for ${SECONDS} s…`);
      runs.push({ instances: count, placement: await placeOrders(urls, cart, (elapsed) => elapsed > SECONDS * 1000, CLIENTS) });
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return { runs, cpus };
}

function twoLines(productIds: number[]): () => OrderLine[] {
  let next = 0;
  return () => [
    { productId: productIds[(next += 1) % productIds.length], quantity: 2 },
    { productId: productIds[(next += 1) % productIds.length], quantity: 1 },
  ];
}

export function describeInstances(result: Instances): string {
  if ('skipped' in result) return `Instances scenario skipped: ${result.skipped}`;
  const [one] = result.runs;
  return [
    `Order placement on PostgreSQL, ${CLIENTS} clients spread round-robin over the instances, ${SECONDS} s each (all on ${result.cpus} cores with PostgreSQL and the load generator):`,
    '',
    '| instances | orders | orders/s | vs 1 instance | p50 ms | p99 ms |',
    '|---|---|---|---|---|---|',
    ...result.runs.map(({ instances, placement }) => `| ${instances} | ${placement.orders} | ${placement.ordersPerSecond} | ${(placement.ordersPerSecond / one.placement.ordersPerSecond).toFixed(2)}× | ${placement.p50Ms} | ${placement.p99Ms} |`),
  ].join('\n');
}
