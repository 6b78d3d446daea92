import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { CREDENTIAL_STORE, CredentialStore } from '../../../storage/credential-store/credential-store.port';
import { AccountSessionView, SESSION_NOT_FOUND } from '../../contract/staff-input';
import { NotFoundError } from '../../../shared/errors';
import { endSession, SESSION_USER_FIELD, SESSIONS_COLLECTION, StoredSession } from './session.store';

/** A session's id is a credential: the list names each by a digest of it instead. */
const publicIdOf = (sessionId: string) => createHash('sha256').update(sessionId).digest('base64url').slice(0, 22);
/** An account has a handful of sessions; a list longer than this shows the most recently seen. */
const SESSIONS_LISTED = 100;

/** The account's own sessions (issue 23): which are active, and ending one. */
@Injectable()
export class AccountSessions {
  constructor(@Inject(CREDENTIAL_STORE) private readonly store: CredentialStore) {}

  private get sessions() {
    return this.store.collection<StoredSession>(SESSIONS_COLLECTION);
  }

  /** Active sessions, most recently seen first; `idleSince`: a staff account's sessions seen before it have ended (the next request says so). */
  async list(userId: string, currentSessionId: string, idleSince: number | null): Promise<AccountSessionView[]> {
    const now = Date.now();
    const stored = await this.sessions.find({ [SESSION_USER_FIELD]: userId, expiresAt: { $gt: now } }, { limit: SESSIONS_LISTED });
    return stored
      .map((session) => ({ session, activity: session.data.activity }))
      .filter(({ session, activity }) => session._id === currentSessionId || idleSince === null || (activity?.lastSeenAt ?? now) >= idleSince)
      .map(({ session, activity }) => ({
        id: publicIdOf(session._id),
        device: activity?.device ?? 'Unknown device',
        network: activity?.network ?? 'unknown network',
        signedInAt: new Date(activity?.signedInAt ?? now).toISOString(),
        lastSeenAt: new Date(session._id === currentSessionId ? now : (activity?.lastSeenAt ?? now)).toISOString(),
        current: session._id === currentSessionId,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
  }

  /** Ends the account's session named `id` (from the list), answering its session id; another account's or an unknown one is not found. */
  async end(userId: string, id: string): Promise<string> {
    const stored = await this.sessions.find({ [SESSION_USER_FIELD]: userId }, { limit: SESSIONS_LISTED });
    const match = stored.find((session) => publicIdOf(session._id) === id);
    if (!match || !(await endSession(this.sessions, match._id))) throw new NotFoundError(SESSION_NOT_FOUND);
    return match._id;
  }
}
