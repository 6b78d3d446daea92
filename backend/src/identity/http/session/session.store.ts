import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import session from 'express-session';
import { CREDENTIAL_STORE, CredentialStore } from '../../../storage/credential-store/credential-store.port';
import { Collection, Document, DuplicateKeyError } from '../../../storage/read-store/read-store.port';
import { SESSION_TTL_MS } from './session-policy';

export const SESSIONS_COLLECTION = 'sessions';
/** Where passport puts the signed-in user's id in a stored session. */
export const SESSION_USER_FIELD = 'data.passport.user';
const PURGE_INTERVAL_MS = 60 * 60 * 1000;
/**
 * How long an ended session's id is remembered as ended: longer than any request of that session can still be in
 * flight. Such a request saves its session when it ends (express-session's `set`); without the mark, a request that
 * was running while the session ended (sign out everywhere else, a password change, removal from the staff) would
 * write it back, signed in again.
 */
export const ENDED_SESSION_MEMORY_MS = 10 * 60 * 1000;

/** A live session, or (`ended`, without its data) one that ended less than ENDED_SESSION_MEMORY_MS ago. */
export type StoredSession = Document & { data: session.SessionData; expiresAt: number; ended?: true };

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
  async endSessionsOf(userId: string, keep: string | null = null): Promise<number> {
    const { modifiedCount } = await this.sessions.updateMany({ [SESSION_USER_FIELD]: userId, ...(keep ? { _id: { $ne: keep } } : {}) }, endedMark());
    return modifiedCount;
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
      .then((stored) => callback(null, stored && !stored.ended && stored.expiresAt > Date.now() ? stored.data : null))
      .catch((error) => callback(error));
  }

  /** Saves a live or a new session; one that has ended stays ended (see ENDED_SESSION_MEMORY_MS), and the request goes on signed out. */
  override set(sid: string, data: session.SessionData, callback?: (error?: unknown) => void): void {
    this.save(sid, JSON.parse(JSON.stringify(data)) as session.SessionData)
      .then(() => callback?.())
      .catch((error) => callback?.(error));
  }

  override destroy(sid: string, callback?: (error?: unknown) => void): void {
    endSession(this.sessions, sid)
      .then(() => callback?.())
      .catch((error) => callback?.(error));
  }

  private async save(sid: string, data: session.SessionData): Promise<void> {
    const expiresAt = this.expiryOf(data);
    const { matchedCount } = await this.sessions.updateOne({ _id: sid, ended: { $ne: true } }, { $set: { data, expiresAt } });
    if (matchedCount > 0) return;
    try {
      await this.sessions.insertOne({ _id: sid, data, expiresAt });
    } catch (error) {
      // The id is taken: by the mark of an ended session (it stays ended), or by the same session saved at the same moment.
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }

  override touch(sid: string, data: session.SessionData, callback?: () => void): void {
    this.sessions
      .updateOne({ _id: sid, ended: { $ne: true } }, { $set: { expiresAt: this.expiryOf(data) } })
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

/** An ended session keeps its id and loses its data (who was signed in, the device); see ENDED_SESSION_MEMORY_MS. */
const endedMark = () => ({ $set: { ended: true, expiresAt: Date.now() + ENDED_SESSION_MEMORY_MS }, $unset: { data: '' } });

/** Ends one session by its id (a sign-out, or the account ending one of its sessions); answers whether it was live. */
export async function endSession(sessions: Collection<StoredSession>, sid: string): Promise<boolean> {
  const { modifiedCount } = await sessions.updateOne({ _id: sid, ended: { $ne: true } }, endedMark());
  return modifiedCount > 0;
}
