import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every file in a data folder (the stores' SQLite files with their WAL, objects), however deep. */
export function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : [];
  });
}
