import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import session from 'express-session';
import { CREDENTIAL_STORE, CredentialStore } from '../../../storage/credential-store/credential-store.port';
import { Document } from '../../../storage/read-store/read-store.port';
import { SESSION_TTL_MS } from './session-policy';

export const SESSIONS_COLLECTION = 'sessions';
/** Where passport puts the signed-in user's id in a stored session. */
export const SESSION_USER_FIELD = 'data.passport.user';
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export type StoredSession = Document & { data: session.SessionData; expiresAt: number };

/**
 * Sessions in the credential store: they survive a restart and are shared by every
 * instance behind a load balancer. Only the session id travels in the cookie.
 */
@Injectable()
export class DocumentSessionStore extends session.Store implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Sessions');
  private readonly purgeTimer: NodeJS.Timeout;
  private readonly defaultTtlMs = SESSION_TTL_MS;

  constructor(@Inject(CREDENTIAL_STORE) private readonly readStore: CredentialStore) {
    super();
    this.purgeTimer = setInterval(() => void this.purgeExpired(), PURGE_INTERVAL_MS);
    this.purgeTimer.unref();
  }

  /** Sessions by user, so that a password change ends an account's sessions without a scan. */
  async onModuleInit(): Promise<void> {
    await this.sessions.createIndex({ [SESSION_USER_FIELD]: 1 });
  }

  /** Signs the account out everywhere but in `keep` (the session asking, if any); answers how many sessions ended. */
  endSessionsOf(userId: string, keep: string | null = null): Promise<number> {
    return this.sessions.deleteMany({ [SESSION_USER_FIELD]: userId, ...(keep ? { _id: { $ne: keep } } : {}) });
  }

  /** The store closes after this (StorageModule's shutdown): no purge runs against a closed store. */
  onApplicationShutdown(): void {
    this.stop();
  }

  private get sessions() {
    return this.readStore.collection<StoredSession>(SESSIONS_COLLECTION);
  }

  override get(sid: string, callback: (error: unknown, session?: session.SessionData | null) => void): void {
    this.sessions
      .findOne({ _id: sid })
      .then((stored) => callback(null, stored && stored.expiresAt > Date.now() ? stored.data : null))
      .catch((error) => callback(error));
  }

  override set(sid: string, data: session.SessionData, callback?: (error?: unknown) => void): void {
    this.sessions
      .replaceOne({ _id: sid, data: JSON.parse(JSON.stringify(data)), expiresAt: this.expiryOf(data) })
      .then(() => callback?.())
      .catch((error) => callback?.(error));
  }

  override destroy(sid: string, callback?: (error?: unknown) => void): void {
    this.sessions
      .deleteOne({ _id: sid })
      .then(() => callback?.())
      .catch((error) => callback?.(error));
  }

  override touch(sid: string, data: session.SessionData, callback?: () => void): void {
    this.sessions
      .updateOne({ _id: sid }, { $set: { expiresAt: this.expiryOf(data) } })
      .then(() => callback?.())
      .catch(() => callback?.());
  }

  stop(): void {
    clearInterval(this.purgeTimer);
  }

  private expiryOf(data: session.SessionData): number {
    const expires = data.cookie?.expires;
    return expires ? new Date(expires).getTime() : Date.now() + this.defaultTtlMs;
  }

  private async purgeExpired(): Promise<void> {
    try {
      await this.sessions.deleteMany({ expiresAt: { $lte: Date.now() } });
    } catch (error) {
      // Expired sessions are refused on read anyway; the next purge tries again.
      this.logger.warn(`Removing expired sessions failed: ${(error as Error).message}`);
    }
  }
}
