import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';

/** Build files have their content hash in their names: they never change, so browsers keep them a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `extension` gives the Content-Type through Express's own lookup (mime-types), as its static files get theirs. */
type Asset = { extension: string; identity: Buffer; br?: Buffer; gzip?: Buffer };

/**
 * Serves the build's `assets/` folder from memory, with the Brotli and gzip copies the build wrote
 * beside each file (frontend/vite.config.mts). Nothing is compressed, read from disk or handed to
 * libuv's thread pool per request, so a script costs the event loop a buffer write even while
 * password hashing or image processing keep the cores busy. Mounted ahead of compression and sessions,
 * which these files need neither of. An unknown name is a plain 404, never the page shell: a browser
 * holding a page from an older build then sees a failed script, not HTML parsed as JavaScript.
 */
export function immutableAssets(root: string): RequestHandler {
  const assets = loadAssets(join(root, 'assets'));
  return (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    const asset = assets.get(request.path.slice(1));
    if (!asset) {
      response.status(404).type('text/plain').send('Not found');
      return;
    }
    // Brotli whenever accepted (browsers list gzip first, at equal weight, though Brotli is smaller).
    const encoding = asset.br && request.acceptsEncodings('br') === 'br' ? 'br' : asset.gzip && request.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : 'identity';
    const body = encoding === 'br' ? asset.br! : encoding === 'gzip' ? asset.gzip! : asset.identity;
    response.type(asset.extension);
    response.setHeader('Cache-Control', IMMUTABLE);
    if (asset.br || asset.gzip) response.setHeader('Vary', 'Accept-Encoding');
    if (encoding !== 'identity') response.setHeader('Content-Encoding', encoding);
    response.setHeader('Content-Length', body.length);
    // The name holds the content hash: it is the validator.
    const etag = `"${request.path.slice(1)}-${encoding}"`;
    response.setHeader('ETag', etag);
    if (request.headers['if-none-match'] === etag) {
      response.status(304).end();
      return;
    }
    response.status(200).end(request.method === 'HEAD' ? undefined : body);
  };
}

function loadAssets(folder: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!existsSync(folder)) return assets;
  for (const name of readdirSync(folder)) {
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    const path = join(folder, name);
    if (!statSync(path).isFile()) continue;
    const variant = (suffix: string) => (existsSync(`${path}${suffix}`) ? readFileSync(`${path}${suffix}`) : undefined);
    assets.set(name, { extension: extname(name), identity: readFileSync(path), br: variant('.br'), gzip: variant('.gz') });
  }
  return assets;
}
