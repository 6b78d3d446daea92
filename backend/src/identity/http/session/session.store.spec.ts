import session from 'express-session';
import { SqliteReadStore } from '../../../storage/read-store/sqlite-read-store';
import { AccountSessions } from './account-sessions';
import { DocumentSessionStore, ENDED_SESSION_MEMORY_MS, SESSIONS_COLLECTION, StoredSession } from './session.store';

const signedIn = (userId: string, device = 'Firefox on Linux'): session.SessionData =>
  ({ cookie: { originalMaxAge: 60_000, expires: new Date(Date.now() + 60_000) }, passport: { user: userId }, activity: { device } }) as unknown as session.SessionData;

describe('DocumentSessionStore', () => {
  let store: SqliteReadStore;
  let sessions: DocumentSessionStore;

  beforeEach(() => {
    store = new SqliteReadStore(':memory:', 'full');
    sessions = new DocumentSessionStore(store);
  });
  afterEach(async () => {
    sessions.stop();
    await store.close();
  });

  const get = (sid: string) => new Promise<session.SessionData | null | undefined>((resolve, reject) => sessions.get(sid, (error, data) => (error ? reject(error) : resolve(data))));
  const set = (sid: string, data: session.SessionData) => new Promise<void>((resolve, reject) => sessions.set(sid, data, (error) => (error ? reject(error) : resolve())));
  const destroy = (sid: string) => new Promise<void>((resolve, reject) => sessions.destroy(sid, (error) => (error ? reject(error) : resolve())));
  const stored = (sid: string) => store.collection<StoredSession>(SESSIONS_COLLECTION).findOne({ _id: sid });

  it('saves a new session and a change to a live one', async () => {
    await set('a', signedIn('user-1'));
    await set('a', signedIn('user-1', 'Safari on iPhone'));
    expect(await get('a')).toMatchObject({ passport: { user: 'user-1' }, activity: { device: 'Safari on iPhone' } });
  });

  it('keeps a session ended everywhere else ended when a request that was in flight saves it afterwards', async () => {
    await set('phone', signedIn('user-1'));
    await set('laptop', signedIn('user-1'));
    await set('other', signedIn('user-2'));
    expect(await sessions.endSessionsOf('user-1', 'laptop')).toBe(1);
    // The phone's request began before the end and saves its session as it finishes (express-session's set).
    await set('phone', signedIn('user-1'));
    expect(await get('phone')).toBeNull();
    expect(await get('laptop')).not.toBeNull();
    expect(await get('other')).not.toBeNull();
    // What is kept of it: its id and when to forget it, not who was signed in nor the device.
    const mark = await stored('phone');
    expect(mark).toMatchObject({ ended: true });
    expect(mark).not.toHaveProperty('data');
    expect(mark!.expiresAt).toBeLessThanOrEqual(Date.now() + ENDED_SESSION_MEMORY_MS);
    // Ending again counts only live sessions.
    expect(await sessions.endSessionsOf('user-1')).toBe(1);
    expect(await get('laptop')).toBeNull();
  });

  it('keeps a signed-out session signed out, and one the account ended from its list', async () => {
    await set('a', signedIn('user-1'));
    await destroy('a');
    await set('a', signedIn('user-1'));
    expect(await get('a')).toBeNull();

    await set('b', signedIn('user-1'));
    const accountSessions = new AccountSessions(store);
    const [listed] = await accountSessions.list('user-1', 'elsewhere', null);
    expect(await accountSessions.end('user-1', listed.id)).toBe('b');
    await set('b', signedIn('user-1'));
    expect(await get('b')).toBeNull();
    expect(await accountSessions.list('user-1', 'elsewhere', null)).toEqual([]);
    await expect(accountSessions.end('user-1', listed.id)).rejects.toThrow();
  });
});
