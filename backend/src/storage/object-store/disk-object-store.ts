import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, rm, unlink } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { assertObjectKey, ObjectStore, StoredObject } from './object-store.port';

/** Each file starts with one line of JSON saying what the bytes after it are, so type and bytes are written (and renamed into place) as one file. */
const HEADER_END = 0x0a;

/**
 * The embedded default: one file per object under `DATA_DIR/objects`. A write goes to a temporary
 * file in the target folder, is flushed to disk, and is renamed over the key, so a reader (or a
 * restart after kill -9) finds the old object or the new one, never a torn one. Folders are 0700
 * and files 0600: readable by the shop's user only.
 */
export class DiskObjectStore implements ObjectStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const target = this.pathOf(key);
    const folder = dirname(target);
    await this.makeFolders(folder);
    const temporary = join(folder, `.tmp-${randomBytes(8).toString('hex')}`);
    const file = await open(temporary, 'wx', 0o600);
    try {
      await file.writeFile(Buffer.concat([Buffer.from(JSON.stringify({ contentType })), Buffer.from([HEADER_END]), bytes]));
      await file.sync();
    } catch (error) {
      await file.close();
      await rm(temporary, { force: true });
      throw error;
    }
    await file.close();
    try {
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    await syncFolder(folder);
  }

  async get(key: string): Promise<StoredObject | null> {
    let content: Buffer;
    try {
      content = await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const headerEnd = content.indexOf(HEADER_END);
    const { contentType } = JSON.parse(content.subarray(0, headerEnd).toString('utf8')) as { contentType: string };
    const bytes = content.subarray(headerEnd + 1);
    return { bytes, contentType, size: bytes.length };
  }

  async delete(key: string): Promise<void> {
    const target = this.pathOf(key);
    try {
      await unlink(target);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    await syncFolder(dirname(target));
  }

  private pathOf(key: string): string {
    assertObjectKey(key);
    const path = resolve(this.root, key);
    // The key pattern already rules out `..`; this is the second lock on the same door.
    if (relative(this.root, path).startsWith('..') || !path.startsWith(this.root + sep)) throw new Error(`Object key escapes the store: ${key}`);
    return path;
  }

  /** Creates the folders down to `folder`, each owner-only (mkdir's mode is narrowed by the umask, so it is set again). */
  private async makeFolders(folder: string): Promise<void> {
    const created = await mkdir(folder, { recursive: true, mode: 0o700 });
    if (created === undefined) return;
    for (let current = folder; current.length >= created.length; current = dirname(current)) await chmod(current, 0o700);
  }
}

/** Makes a rename or unlink inside the folder durable. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
