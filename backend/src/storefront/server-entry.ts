import { Logger } from '@nestjs/common';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerEntry } from './contract/server-render';

/** Where `npm run build` leaves the storefront: the browser bundle (static) and its server entry (never served). */
export interface StorefrontBuild {
  /** dist/frontend */
  root: string;
  /** dist/frontend-ssr/entry-server.cjs */
  serverEntryFile: string;
}

export function storefrontBuild(root: string): StorefrontBuild {
  return { root, serverEntryFile: join(root, '..', 'frontend-ssr', 'entry-server.cjs') };
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/**
 * The built index.html, the Vite manifest and the server entry, read again whenever the build
 * changes (a rebuild under a running server, as tests do), else kept. Without a server entry the
 * pages still get their head, and the browser renders the rest.
 */
export class StorefrontBundle {
  private readonly logger = new Logger('Storefront');
  private template: { mtimeMs: number; html: string } | null = null;
  private manifest: { mtimeMs: number; chunks: Record<string, ManifestChunk> } | null = null;
  private entry: { mtimeMs: number; module: ServerEntry | null } | null = null;

  constructor(readonly build: StorefrontBuild) {}

  /** index.html, or null before the storefront is built. */
  indexHtml(): string | null {
    const file = join(this.build.root, 'index.html');
    const mtimeMs = modified(file);
    if (mtimeMs === null) return null;
    if (this.template?.mtimeMs !== mtimeMs) this.template = { mtimeMs, html: readFileSync(file, 'utf8') };
    return this.template.html;
  }

  serverEntry(): ServerEntry | null {
    const file = this.build.serverEntryFile;
    const mtimeMs = modified(file);
    if (mtimeMs === null) return null;
    if (this.entry?.mtimeMs !== mtimeMs) {
      let module: ServerEntry | null = null;
      try {
        // The SSR bundle is CommonJS with everything it needs inside; a rebuilt one replaces the cached module.
        delete require.cache[require.resolve(file)];
        module = require(file) as ServerEntry;
      } catch (error) {
        this.logger.error(`The storefront's server entry ${file} could not be loaded; pages get their head only: ${String(error)}`);
      }
      this.entry = { mtimeMs, module };
    }
    return this.entry.module;
  }

  /** `<link>` tags for the stylesheets and scripts of the given source modules (e.g. `src/features/catalogue/pages/ProductsPage.tsx`) and what they import. */
  assetsOf(sources: string[]): string[] {
    const chunks = this.manifestChunks();
    if (!chunks) return [];
    const closure = (keys: string[]) => {
      const found = new Set<string>();
      const visit = (key: string) => {
        if (found.has(key) || !chunks[key]) return;
        found.add(key);
        for (const imported of chunks[key].imports ?? []) visit(imported);
      };
      keys.forEach(visit);
      return [...found].map((key) => chunks[key]);
    };
    // What index.html loads already: the entry's script, its imports and its stylesheets.
    const loaded = closure(['index.html']);
    const loadedFiles = new Set(loaded.flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]));
    const page = closure(sources);
    const css = new Set(page.flatMap((chunk) => chunk.css ?? []).filter((file) => !loadedFiles.has(file)));
    const scripts = new Set(page.map((chunk) => chunk.file).filter((file) => !loadedFiles.has(file)));
    return [...[...css].map((file) => `<link rel="stylesheet" href="/${file}" />`), ...[...scripts].map((file) => `<link rel="modulepreload" href="/${file}" />`)];
  }

  private manifestChunks(): Record<string, ManifestChunk> | null {
    const file = join(this.build.root, '.vite', 'manifest.json');
    const mtimeMs = modified(file);
    if (mtimeMs === null) return null;
    if (this.manifest?.mtimeMs !== mtimeMs) this.manifest = { mtimeMs, chunks: JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk> };
    return this.manifest.chunks;
  }
}

function modified(file: string): number | null {
  if (!existsSync(file)) return null;
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}
