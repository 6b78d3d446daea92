import Database from 'better-sqlite3';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirInUseError extends Error {
  constructor(dataDir: string, owner: string) {
    super(
      `DATA_DIR ${dataDir} is in use by another shop process (${owner}). One process owns a data folder: ` +
        'stop the other one, or give this one a DATA_DIR of its own.',
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * One process owns a DATA_DIR: a second one on the same folder would sell the same stock twice.
 * The lock is SQLite's exclusive lock on `DATA_DIR/.lock`, an operating-system file lock that
 * the kernel releases when the process ends in any way, kill -9 included, so it never goes stale.
 * The folder is made readable by its owner only.
 */
export class DataDirLock {
  private constructor(private readonly db: Database.Database) {}

  static acquire(dataDir: string): DataDirLock {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
    const db = new Database(join(dataDir, '.lock'));
    try {
      db.pragma('busy_timeout = 0');
      db.pragma('locking_mode = EXCLUSIVE');
      db.exec('BEGIN EXCLUSIVE; COMMIT;');
    } catch (error) {
      db.close();
      if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new DataDirInUseError(dataDir, ownerOf(dataDir));
      throw error;
    }
    writeFileSync(join(dataDir, 'owner.pid'), `${process.pid}\n`, { mode: 0o600 });
    return new DataDirLock(db);
  }

  release(): void {
    if (this.db.open) this.db.close();
  }
}

function ownerOf(dataDir: string): string {
  try {
    return `pid ${readFileSync(join(dataDir, 'owner.pid'), 'utf8').trim()}`;
  } catch {
    return 'pid unknown';
  }
}
