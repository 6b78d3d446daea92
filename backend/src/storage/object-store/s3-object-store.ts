import { AwsClient } from 'aws4fetch';
import { assertObjectKey, ObjectStore, StoredObject } from './object-store.port';

export interface S3Settings {
  /** e.g. `https://s3.eu-central-1.amazonaws.com` or `http://minio:9000`; objects are addressed path-style under it. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Any S3-compatible service (AWS S3, MinIO, R2, Ceph…), path-style (`<endpoint>/<bucket>/<key>`),
 * every request signed with AWS Signature V4. A PUT is atomic on the service's side: a reader
 * sees the previous object or the new one. The credentials need s3:ListBucket besides
 * Get/Put/DeleteObject: without it S3 answers 403 instead of 404 for a missing key.
 */
export class S3ObjectStore implements ObjectStore {
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(settings: S3Settings) {
    this.client = new AwsClient({ accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, region: settings.region, service: 's3', retries: 2 });
    this.base = `${settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(settings.bucket)}`;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const response = await this.client.fetch(this.urlOf(key), { method: 'PUT', body: bytes, headers: { 'Content-Type': contentType } });
    await this.expectOk(response, 'PUT', key);
  }

  async get(key: string): Promise<StoredObject | null> {
    const response = await this.client.fetch(this.urlOf(key), { method: 'GET' });
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    await this.expectOk(response, 'GET', key);
    const bytes = Buffer.from(await response.arrayBuffer());
    return { bytes, contentType: response.headers.get('content-type') ?? 'application/octet-stream', size: bytes.length };
  }

  async delete(key: string): Promise<void> {
    const response = await this.client.fetch(this.urlOf(key), { method: 'DELETE' });
    if (response.status === 404) {
      await response.body?.cancel();
      return;
    }
    await this.expectOk(response, 'DELETE', key);
  }

  private urlOf(key: string): string {
    assertObjectKey(key);
    return `${this.base}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  private async expectOk(response: Response, method: string, key: string): Promise<void> {
    if (response.ok) {
      if (method !== 'GET') await response.body?.cancel();
      return;
    }
    const detail = (await response.text()).slice(0, 300);
    throw new Error(`Object store: ${method} ${key} answered ${response.status} ${detail}`);
  }
}
