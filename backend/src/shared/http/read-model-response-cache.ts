import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';

const gzipAsync = promisify(gzip);
/** Below this, compressing gains less than it costs (the compression middleware's own threshold). */
const COMPRESS_FROM_BYTES = 1024;

export interface SerializedResponse {
  /** UTF-8 JSON, encoded once rather than on every request. */
  body: Buffer;
  etag: string;
  /** Headers that go with the body (the total of a paged list). */
  headers: Record<string, string>;
  /** The body gzip-compressed, made at the first request that accepts it and kept with the entry. */
  gzipped?: Promise<Buffer>;
}

const MAX_ENTRIES = 256;

/**
 * A read model changes only when its projectors apply an event, so until one of them moves on,
 * the same query has the same answer: it is kept serialised, with its ETag, and served as bytes.
 * The cache empties itself as soon as any of the named projectors' positions changes, so a
 * command that waited for its projection (read-your-writes) never reads an older answer.
 */
export class ReadModelResponseCache {
  private entries = new Map<string, SerializedResponse>();
  private version = '';

  constructor(
    private readonly projections: ProjectionRunner,
    private readonly projectorNames: readonly string[],
  ) {}

  /** `compute` answers the body, or `{ body, headers }` via `withHeaders`. */
  async get(key: string, compute: () => Promise<unknown>): Promise<SerializedResponse> {
    const version = this.currentVersion();
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    const cached = this.entries.get(key);
    if (cached) return cached;
    const computed = await compute();
    const { value, headers } = computed instanceof WithHeaders ? computed : { value: computed, headers: {} };
    const body = Buffer.from(JSON.stringify(value));
    const response = { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`, headers };
    // An event applied while computing may or may not be in this answer: keep it only if none was.
    if (this.currentVersion() === version) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, response);
    }
    return response;
  }

  /** Moves only when one of the projectors applies an event: a page view passing by leaves the answers cached. */
  private currentVersion(): string {
    return this.projectorNames.map((name) => this.projections.appliedPositionOf(name)).join(':');
  }
}

/**
 * Sends a cached answer as it is kept: its bytes, its ETag (a matching If-None-Match gets 304), and,
 * to a client that accepts gzip, the compressed bytes kept beside them, so neither serialisation nor
 * compression is repeated per request (the compression middleware leaves an encoded answer alone).
 */
export async function sendSerialized(request: Request, response: Response, serialized: SerializedResponse): Promise<void> {
  response.type('application/json').setHeader('ETag', serialized.etag);
  for (const [name, value] of Object.entries(serialized.headers)) response.setHeader(name, value);
  if (serialized.body.length < COMPRESS_FROM_BYTES) {
    response.send(serialized.body);
    return;
  }
  response.setHeader('Vary', 'Accept-Encoding');
  if (request.acceptsEncodings('gzip') !== 'gzip' || request.fresh) {
    response.send(serialized.body);
    return;
  }
  const gzipped = await (serialized.gzipped ??= gzipAsync(serialized.body));
  response.setHeader('Content-Encoding', 'gzip');
  response.send(gzipped);
}

class WithHeaders {
  constructor(
    readonly value: unknown,
    readonly headers: Record<string, string>,
  ) {}
}

/** An answer with headers kept beside it in the cache. */
export function withHeaders(value: unknown, headers: Record<string, string>): WithHeaders {
  return new WithHeaders(value, headers);
}
