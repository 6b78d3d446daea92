import { NestFactory } from '@nestjs/core';
import { AppModule } from '../../backend/src/app.module';
import { loadConfig } from '../../backend/src/config';
import { EVENT_STORE, EventStore } from '../../backend/src/storage/event-store/event-store.port';
import { lockDataDirIfUsed } from '../../backend/src/storage/storage.module';
import { ProjectionRunner } from './projection-runner';

/**
 * `npm run projections:rebuild`: drops every read model and replays the whole log into it.
 * Stop the shop first when it runs on the embedded stores: it keeps the read models in memory.
 */
async function rebuild(): Promise<void> {
  const config = loadConfig();
  const context = await NestFactory.createApplicationContext(AppModule.forRoot(config, lockDataDirIfUsed(config)), { logger: ['error', 'warn'] });
  const started = Date.now();
  const runner = context.get(ProjectionRunner);
  await runner.rebuild();
  const head = await context.get<EventStore>(EVENT_STORE).headPosition();
  console.log(`Rebuilt ${Object.keys(runner.checkpoints()).join(', ')} from ${runner.appliedSinceStart()} event applications up to position ${head} in ${Date.now() - started} ms`);
  await context.close();
}

rebuild().catch((error) => {
  console.error(error);
  process.exit(1);
});
