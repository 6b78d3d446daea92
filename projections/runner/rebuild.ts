import { NestFactory } from '@nestjs/core';
import { AppModule } from '../../backend/src/app.module';
import { loadConfig } from '../../backend/src/config';
import { EVENT_STORE, EventStore } from '../../backend/src/storage/event-store/event-store.port';
import { lockDataDirIfUsed } from '../../backend/src/storage/storage.module';
import { ProjectionRunner } from './projection-runner';

const PROGRESS_EVERY_MS = 500;
const BAR_WIDTH = 30;
/** A rebuild of a big log takes long, but not this long: a stuck projector still ends the run. */
const REBUILD_LIMIT_MS = 12 * 60 * 60 * 1000;

/**
 * `npm run projections:rebuild`: drops every read model and replays the whole log into it, with a
 * progress bar and an estimate of the time left (from the rate so far of the slowest projector).
 * Stop the shop first when it runs on the embedded stores: it keeps the read models in memory.
 */
async function rebuild(): Promise<void> {
  const config = loadConfig();
  const context = await NestFactory.createApplicationContext(AppModule.forRoot(config, lockDataDirIfUsed(config)), { logger: ['error', 'warn'] });
  const started = Date.now();
  const runner = context.get(ProjectionRunner);
  const head = (await context.get<EventStore>(EVENT_STORE).headPosition()) ?? 0;
  const progress = setInterval(() => report(runner, head, started), PROGRESS_EVERY_MS);
  let caughtUp: boolean;
  try {
    caughtUp = await runner.rebuild(REBUILD_LIMIT_MS);
  } finally {
    clearInterval(progress);
  }
  report(runner, head, started);
  process.stderr.write('\n');
  const parked = await runner.parked();
  console.log(
    `Rebuilt ${Object.keys(runner.checkpoints()).join(', ')} from ${runner.appliedSinceStart()} event applications up to position ${head} in ${formatDuration(Date.now() - started)}` +
      (parked.length > 0 ? `; ${parked.length} event(s) parked (see GET /api/admin/projections)` : ''),
  );
  await context.close();
  if (!caughtUp) throw new Error('The rebuild did not finish in time');
}

/** `[#######-------]  47% 4,700/10,000 events, 1,210/s, about 4 s left` on one terminal line. */
function report(runner: ProjectionRunner, head: number, started: number): void {
  const slowest = Math.min(...Object.values(runner.checkpoints()).map((position) => position ?? 0));
  const done = Math.min(head, slowest);
  const share = head === 0 ? 1 : done / head;
  const elapsed = Date.now() - started;
  const rate = elapsed > 0 ? (done / elapsed) * 1000 : 0;
  const left = rate > 0 ? ((head - done) / rate) * 1000 : null;
  const filled = Math.round(share * BAR_WIDTH);
  const line = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${String(Math.floor(share * 100)).padStart(3)}% ${done.toLocaleString('en')}/${head.toLocaleString('en')} events, ${Math.round(rate).toLocaleString('en')}/s${left === null ? '' : `, about ${formatDuration(left)} left`}`;
  process.stderr.write(process.stderr.isTTY ? `\r${line.padEnd(100)}` : `${line}\n`);
}

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `${minutes} min ${seconds % 60} s` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

rebuild().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
