import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FirstLoadSize {
  files: { path: string; bytes: number; gzipBytes: number }[];
  bytes: number;
  gzipBytes: number;
}

/**
 * The JavaScript a first visit downloads before anything renders: the module scripts and
 * modulepreload links of the built index.html (the entry chunk and its static imports).
 * Route chunks loaded later by React.lazy are not counted.
 */
export function firstLoadJavaScript(frontendDir: string): FirstLoadSize {
  const indexPath = join(frontendDir, 'index.html');
  if (!existsSync(indexPath)) throw new Error(`${indexPath} is missing: build the storefront first`);
  const html = readFileSync(indexPath, 'utf8');
  const sources = new Set<string>();
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const isScript = tag.startsWith('<script') && /\bsrc=/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel=["']?modulepreload/.test(tag);
    const url = /\b(?:src|href)=["']?([^"' >]+)/.exec(tag)?.[1];
    if ((isScript || isPreload) && url && url.endsWith('.js')) sources.add(url.replace(/^\//, ''));
  }
  const files = [...sources].map((path) => {
    const content = readFileSync(join(frontendDir, path));
    return { path, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  });
  return { files, bytes: files.reduce((sum, file) => sum + file.bytes, 0), gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}
