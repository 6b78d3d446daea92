import { Logger } from '@nestjs/common';
import { createApp } from './app';
import { configurationWarnings, loadConfig } from './config';
import { DEMO_ADMIN } from './demo/demo-data.seeder';
import { CredentialStoreMissingError } from './identity/commands/credential-store-check';
import { DataDirInUseError } from './storage/data-dir-lock';
import { DatabaseUnreachableError } from './storage/postgres/postgres-database';
import { StorageFileError } from './storage/sqlite-file';

/** A setting an operator must fix is said plainly, naming the variable, without a stack trace. */
class SettingsError extends Error {}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    throw new SettingsError((error as Error).message);
  }
  const app = await createApp(config);
  await app.listen(config.port);
  const logger = new Logger('Shop');
  logger.log(`Shop running on http://localhost:${config.port}`);
  if (config.adminEmail) logger.log(`Administrator: ${config.adminEmail} (from ADMIN_EMAIL)`);
  else logger.log(`Demo administrator: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password} (set ADMIN_EMAIL and ADMIN_PASSWORD for a real deployment)`);
  for (const warning of configurationWarnings(config)) logger.warn(warning);
}

main().catch((error) => {
  // Refusals to start that an operator must act on are said plainly, without a stack trace.
  const plain = error instanceof SettingsError || error instanceof StorageFileError || error instanceof DataDirInUseError || error instanceof CredentialStoreMissingError || error instanceof DatabaseUnreachableError;
  // A damaged event is named the same by every event store adapter; a lost log by the storage module or the projection runner.
  if (plain || (error instanceof Error && ['DamagedEventError', 'EventLogMissingError', 'EventLogBehindError'].includes(error.name))) console.error(`The shop did not start: ${(error as Error).message}`);
  else console.error(error);
  process.exit(1);
});
