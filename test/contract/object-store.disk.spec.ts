import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiskObjectStore } from '../../backend/src/storage/object-store/disk-object-store';
import { describeObjectStoreContract } from './object-store.contract';

describeObjectStoreContract('files under DATA_DIR/objects', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'object-store-'));
  const root = join(dir, 'objects');
  return {
    store: new DiskObjectStore(root),
    reopen: () => new DiskObjectStore(root),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describe('ObjectStore on disk: what lands in the folder', () => {
  let dir: string;
  let store: DiskObjectStore;

  const everything = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const path = join(folder, entry.name);
      return entry.isDirectory() ? [path, ...everything(path)] : [path];
    });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'object-store-'));
    store = new DiskObjectStore(join(dir, 'objects'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every file readable by its owner only (0600) in owner-only folders (0700), whatever the umask', async () => {
    const umask = process.umask(0o002);
    try {
      await store.put('images/abc/320.webp', Buffer.from('x'), 'image/webp');
      await store.put('uploads/u1', Buffer.from('y'), 'image/png');
    } finally {
      process.umask(umask);
    }
    const paths = [join(dir, 'objects'), ...everything(join(dir, 'objects'))];
    expect(paths.map((path) => path.slice(dir.length))).toEqual(
      expect.arrayContaining(['/objects', '/objects/images', '/objects/images/abc', '/objects/images/abc/320.webp', '/objects/uploads', '/objects/uploads/u1']),
    );
    for (const path of paths) {
      const stat = statSync(path);
      expect([path.slice(dir.length), stat.mode & 0o777]).toEqual([path.slice(dir.length), stat.isDirectory() ? 0o700 : 0o600]);
    }
  });

  it('leaves no temporary file behind, also when writers race', async () => {
    await Promise.all(Array.from({ length: 10 }, (_, i) => store.put('images/race/640.webp', Buffer.alloc(1000, i), 'image/webp')));
    expect(readdirSync(join(dir, 'objects', 'images', 'race'))).toEqual(['640.webp']);
  });

  it('writes nothing outside its folder, whatever the key', async () => {
    await expect(store.put('../escaped', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    expect(readdirSync(dir)).toEqual([]);
  });
});
