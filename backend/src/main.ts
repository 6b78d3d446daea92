import { Logger } from '@nestjs/common';
import { createApp } from './app';
import { loadConfig } from './config';
import { DEMO_ADMIN } from './demo/demo-data.seeder';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen(config.port);
  const logger = new Logger('Shop');
  logger.log(`Shop running on http://localhost:${config.port}`);
  if (config.adminEmail) logger.log(`Administrator: ${config.adminEmail} (from ADMIN_EMAIL)`);
  else logger.log(`Demo administrator: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password} (set ADMIN_EMAIL and ADMIN_PASSWORD for a real deployment)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
