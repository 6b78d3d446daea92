import { createHash } from 'node:crypto';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';

export interface SerializedResponse {
  /** UTF-8 JSON, encoded once rather than on every request. */
  body: Buffer;
  etag: string;
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

  async get(key: string, compute: () => Promise<unknown>): Promise<SerializedResponse> {
    const version = this.currentVersion();
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    const cached = this.entries.get(key);
    if (cached) return cached;
    const body = Buffer.from(JSON.stringify(await compute()));
    const response = { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
    // An event applied while computing may or may not be in this answer: keep it only if none was.
    if (this.currentVersion() === version) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, response);
    }
    return response;
  }

  private currentVersion(): string {
    return this.projectorNames.map((name) => this.projections.positionOf(name)).join(':');
  }
}
