import Database from 'better-sqlite3';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export class StorageFileError extends Error {
  override name = 'StorageFileError';
}

/**
 * Opens an embedded store's SQLite file, owner-only (0600, and so its -wal and -shm, which SQLite
 * creates with the file's permissions): it holds orders, addresses, session ids and secrets. A file
 * that cannot be opened is named in the error, with what to check.
 */
export function openSqliteFile(file: string): Database.Database {
  if (file === ':memory:') return new Database(file);
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const db = new Database(file);
    for (const path of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(path)) chmodSync(path, 0o600);
    return db;
  } catch (error) {
    throw new StorageFileError(`Cannot open ${file}: ${(error as Error).message}. Check that DATA_DIR (${dirname(file)}) exists and is writable by this user, and that the file is a database of this shop.`, { cause: error });
  }
}
