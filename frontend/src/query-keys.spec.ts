import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Issue 19: no query key is written twice. A key written in two places ends with two fetchers or two
 * cache rules under one key (whichever fills the cache first wins); each key is built in one place
 * (a feature's api/ module, or the one hook that owns it) and imported everywhere else.
 */
const ROOT = join(__dirname);

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Array literals whose first element is an API path: query keys (as written, names replaced by `_`). */
function keysIn(text: string): string[] {
  const keys: string[] = [];
  for (const match of text.matchAll(/\[\s*(['`])(\/api\/[^'`]*)\1([^\]]*)\]/g)) {
    const rest = match[3].replace(/\s+/g, '').replace(/[A-Za-z_$][\w$.]*/g, '_');
    keys.push(`[${match[1]}${match[2]}${match[1]}${rest}]`);
  }
  return keys;
}

describe('query keys', () => {
  it('are each written in one place only', () => {
    const places = new Map<string, string[]>();
    for (const file of sources(ROOT)) {
      for (const key of keysIn(readFileSync(file, 'utf8'))) places.set(key, [...(places.get(key) ?? []), relative(ROOT, file)]);
    }
    expect(places.size).toBeGreaterThan(10);
    const twice = [...places].filter(([, files]) => files.length > 1).map(([key, files]) => `${key} in ${files.join(', ')}`);
    expect(twice).toEqual([]);
  });

  it('finds a key written twice', () => {
    expect(keysIn("useQuery({ queryKey: ['/api/orders', orderId] }); fetchQuery({ queryKey: ['/api/orders', id] })")).toEqual(["['/api/orders',_]", "['/api/orders',_]"]);
  });
});
