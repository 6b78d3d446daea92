import Database from 'better-sqlite3';
import { chmodSync, cpSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config';

/** The embedded files worth keeping: the log and the credentials cannot be rebuilt; the read models can, but restore faster. */
export const EMBEDDED_DATABASES = ['events.sqlite', 'credentials.sqlite', 'read-models.sqlite'] as const;

/**
 * `npm run backup`: copies the embedded stores of DATA_DIR into `BACKUP_DIR/shop-<UTC timestamp>/`
 * while the shop runs, using SQLite's online backup (a consistent snapshot of each file, WAL included,
 * taken page by page without stopping writers), plus the image files of `objects/`. The folder is
 * owner-only, like DATA_DIR. Restore: stop the shop, put the three files (and `objects/`) back into an
 * empty DATA_DIR, start it (README: Backup and restore).
 */
export async function backup(dataDir: string, backupRoot: string, now = new Date()): Promise<string> {
  const target = join(backupRoot, `shop-${now.toISOString().replace(/[:.]/g, '-')}`);
  mkdirSync(target, { recursive: true, mode: 0o700 });
  chmodSync(target, 0o700);
  for (const name of EMBEDDED_DATABASES) {
    const source = join(dataDir, name);
    if (!existsSync(source)) continue;
    const db = new Database(source, { readonly: true, fileMustExist: true });
    try {
      await db.backup(join(target, name));
    } finally {
      db.close();
    }
    chmodSync(join(target, name), 0o600);
  }
  const objects = join(dataDir, 'objects');
  if (existsSync(objects)) cpSync(objects, join(target, 'objects'), { recursive: true, preserveTimestamps: true, filter: (path) => !path.includes('.tmp-') });
  return target;
}

if (require.main === module) {
  const config = loadConfig();
  if (config.eventStoreUrl && config.mongodbUrl) {
    console.error('EVENTSTORE_URL and MONGODB_URL are set: back up KurrentDB and MongoDB with their own tools (README: Backup and restore).');
    process.exit(1);
  }
  const root = config.backupDir;
  backup(config.dataDir, root).then(
    (target) => console.log(`Backed up ${config.dataDir} to ${target}`),
    (error: unknown) => {
      console.error(`Backup failed: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
