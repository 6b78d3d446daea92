import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { RecordedEvent } from '../../storage/event-store/event-store.port';
import { BoundedMap } from '../bounded-map';

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
/** Invalidations remembered for answers still being computed; one that began before the oldest is not kept. */
const INVALIDATIONS_KEPT = 1024;

/** What an applied event makes stale: every answer, or the answers carrying any of these tags. */
export type Invalidation = 'all' | { tags: string[] } | null;

interface Entry {
  response: SerializedResponse;
  tags: Set<string>;
}

/**
 * A read model changes only when its projectors apply an event, so until one of them applies an event
 * that concerns an answer, the same query has the same answer: it is kept serialised, with its ETag,
 * and served as bytes. Each answer carries tags (the products it shows, the order it depends on); each
 * event the named projectors apply is mapped by `invalidation` to the tags it makes stale (or to all),
 * and only those answers are dropped: an order changes the stock of its own products, and every other
 * page of the storefront stays cached. Dropped when the projector has applied the event, so an answer
 * computed after a command's read-your-writes wait shows that command.
 */
export class ReadModelResponseCache {
  private entries = new BoundedMap<string, Entry>(MAX_ENTRIES);
  /** Every invalidation, numbered, so an answer computed meanwhile is not kept if one concerned it. */
  private invalidations: { sequence: number; invalidation: Exclude<Invalidation, null> }[] = [];
  private sequence = 0;

  constructor(
    projections: ProjectionRunner,
    private readonly projectorNames: readonly string[],
    private readonly invalidation: (projector: string, event: RecordedEvent) => Invalidation,
  ) {
    projections.onApplied((projector, event) => {
      const dropped = this.invalidation(projector, event);
      if (dropped) this.drop(dropped);
    }, projectorNames);
  }

  /** `compute` answers the body, or `{ body, headers, tags }` via `withHeaders`. */
  async get(key: string, compute: () => Promise<unknown>): Promise<SerializedResponse> {
    const cached = this.entries.get(key);
    if (cached) return cached.response;
    const began = this.sequence;
    const computed = await compute();
    const { value, headers, tags } = computed instanceof WithHeaders ? computed : { value: computed, headers: {}, tags: [] as string[] };
    const body = Buffer.from(JSON.stringify(value));
    const response = { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`, headers };
    const entry = { response, tags: new Set(tags) };
    // An event applied while computing may or may not be in this answer: keep it only if none concerned it.
    if (this.untouchedSince(began, entry)) this.entries.set(key, entry);
    return response;
  }

  private drop(invalidation: Exclude<Invalidation, null>): void {
    this.sequence += 1;
    this.invalidations.push({ sequence: this.sequence, invalidation });
    if (this.invalidations.length > INVALIDATIONS_KEPT) this.invalidations.shift();
    if (invalidation === 'all') {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries) if (concerns(invalidation, entry)) this.entries.delete(key);
  }

  private untouchedSince(began: number, entry: Entry): boolean {
    if (this.sequence === began) return true;
    const oldest = this.invalidations[0]?.sequence ?? this.sequence + 1;
    if (oldest > began + 1) return false;
    return this.invalidations.every(({ sequence, invalidation }) => sequence <= began || !concerns(invalidation, entry));
  }
}

function concerns(invalidation: Exclude<Invalidation, null>, entry: Entry): boolean {
  return invalidation === 'all' || invalidation.tags.some((tag) => entry.tags.has(tag));
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
    readonly tags: string[],
  ) {}
}

/** An answer with headers kept beside it in the cache, and the tags that say which events make it stale. */
export function withHeaders(value: unknown, headers: Record<string, string>, tags: string[] = []): WithHeaders {
  return new WithHeaders(value, headers, tags);
}
