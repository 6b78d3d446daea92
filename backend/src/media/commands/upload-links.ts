import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../../config';
import { ForbiddenError } from '../../shared/errors';
import { storedOnce } from '../../storage/credential-store/stored-once';
import { CREDENTIAL_STORE, CredentialStore } from '../../storage/credential-store/credential-store.port';
import { Document } from '../../storage/read-store/read-store.port';
import { UPLOAD_ID } from '../contract/media-input';
import { UPLOAD_MESSAGES } from '../contract/upload-rules';

type Setting = Document & { value: string };

const SECRET_SETTING = 'upload-signing-secret';

/**
 * Signed upload links: `/api/objects/uploads/<uploadId>?expires=<ms>&signature=<HMAC-SHA256>`. The
 * signature is the link's whole authority (the browser PUTs to it without a session), so the key
 * is a secret like the session secret: UPLOAD_SIGNING_SECRET, else generated once and kept in the
 * credential store, the same for every instance.
 */
@Injectable()
export class UploadLinks implements OnModuleInit {
  private key: Buffer | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CREDENTIAL_STORE) private readonly credentials: CredentialStore,
  ) {}

  async onModuleInit(): Promise<void> {
    this.key = Buffer.from(this.config.uploadSigningSecret ?? (await this.storedSecret()));
  }

  get ttlMs(): number {
    return this.config.uploadUrlTtlSeconds * 1000;
  }

  linkTo(uploadId: string, expiresAt: number): string {
    return `/api/objects/uploads/${uploadId}?expires=${expiresAt}&signature=${this.signature(uploadId, expiresAt)}`;
  }

  /** 403 unless the link is one this shop signed and it has not expired; the expiry is part of what is signed. */
  assertValid(uploadId: unknown, expires: unknown, signature: unknown, now = Date.now()): void {
    if (typeof uploadId !== 'string' || !UPLOAD_ID.test(uploadId) || typeof expires !== 'string' || !/^\d{1,15}$/.test(expires) || typeof signature !== 'string') {
      throw new ForbiddenError(UPLOAD_MESSAGES.badSignature);
    }
    const expected = Buffer.from(this.signature(uploadId, Number(expires)));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new ForbiddenError(UPLOAD_MESSAGES.badSignature);
    if (Number(expires) < now) throw new ForbiddenError(UPLOAD_MESSAGES.expired);
  }

  private signature(uploadId: string, expiresAt: number): string {
    if (this.key === null) throw new Error('Upload links are not ready: the signing key has not been loaded');
    return createHmac('sha256', this.key).update(`upload:${uploadId}:${expiresAt}`).digest('base64url');
  }

  private async storedSecret(): Promise<string> {
    const settings = this.credentials.collection<Setting>('settings');
    // Another instance may store one first: everyone signs with that one.
    return (await storedOnce(settings, SECRET_SETTING, () => ({ _id: SECRET_SETTING, value: randomBytes(48).toString('base64url') }))).value;
  }
}
