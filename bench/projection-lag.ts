import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ProjectionRunner } from '../projections/runner/projection-runner';
import { createApp } from '../backend/src/app';
import { productDecider } from '../backend/src/catalogue/domain/product.decider';
import { productStream } from '../backend/src/catalogue/contract/catalogue.events';
import { loadConfig } from '../backend/src/config';
import { StreamExecutor } from '../backend/src/shared/event-sourcing/stream-executor';
import { systemContext } from '../backend/src/shared/event-sourcing/command-context';
import { percentile } from './stats';

export interface ProjectionLag {
  events: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Appends the read models had not shown after the runner's own 5 s wait. */
  timedOut: number;
}

/**
 * Time from an append being acknowledged (durable in the log) until every read model
 * includes it, i.e. until the API could answer a read with it. Measured in-process on the
 * embedded stores, one stock adjustment at a time, each waited for before the next.
 */
export async function measureProjectionLag(events: number): Promise<ProjectionLag> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-lag-'));
  const app = await createApp(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }));
  try {
    const runner = app.get(ProjectionRunner);
    const streams = app.get(StreamExecutor);
    const context = systemContext();
    const lags: number[] = [];
    let timedOut = 0;
    for (let i = 0; i < events; i += 1) {
      const { position } = await streams.execute(productStream(1), productDecider, { kind: 'adjustStock', delta: 1, reason: 'Projection lag benchmark' }, context);
      const acknowledged = performance.now();
      if (!(await runner.waitFor(position))) timedOut += 1;
      lags.push(performance.now() - acknowledged);
    }
    return { events, p50Ms: percentile(lags, 50), p99Ms: percentile(lags, 99), maxMs: Math.max(...lags), timedOut };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
