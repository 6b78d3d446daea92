import type { NextFunction, Request, Response } from 'express';
import { staffIdleMessage } from '../../contract/staff-input';
import { isStaff } from '../../contract/staff-roles';
import { currentUserOf } from '../../../shared/http/request-context';
import { deviceOf, networkPrefixOf } from './client-description';
import { clearSignedInHint } from './signed-in-hint';

/** What a signed-in session keeps about its browser, for the account's session list (issue 23): no full address, no user agent. */
export interface SessionActivity {
  device: string;
  network: string;
  signedInAt: number;
  lastSeenAt: number;
}

declare module 'express-session' {
  interface SessionData {
    activity?: SessionActivity;
  }
}

/** "Last seen" moves at most once a minute: a busy session does not rewrite itself on every request. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

const activityOf = (request: Request, signedInAt: number, now: number): SessionActivity => ({
  device: deviceOf(request.headers['user-agent']),
  network: networkPrefixOf(request.ip),
  signedInAt,
  lastSeenAt: now,
});

/**
 * Runs after passport has loaded the session's user (whose role is read afresh from the users read model on every
 * request, never cached in the session). A staff session idle for longer than `staffIdleMinutes` ends here: an API
 * request answers 401 saying why, a page is served as to a guest. Every other signed-in request notes when it was
 * last seen and from where; a session that signs in during this request (a new one: passport regenerates it) is
 * described as its response goes out, before the session is saved.
 */
export function trackSessionActivity(staffIdleMinutes: number) {
  const idleMs = staffIdleMinutes * 60_000;
  return (request: Request, response: Response, next: NextFunction): void => {
    const user = currentUserOf(request);
    const now = Date.now();
    const activity = request.session?.activity;
    if (user && activity && isStaff(user.role) && now - activity.lastSeenAt > idleMs) {
      request.session.destroy((error) => {
        if (error) return next(error);
        request.user = undefined;
        clearSignedInHint(response);
        if (request.originalUrl.startsWith('/api/')) response.status(401).json({ message: staffIdleMessage(staffIdleMinutes) });
        else next();
      });
      return;
    }
    if (user && request.session && (!activity || now - activity.lastSeenAt >= LAST_SEEN_RESOLUTION_MS)) {
      request.session.activity = activityOf(request, activity?.signedInAt ?? now, now);
    }
    const end = response.end;
    response.end = function (this: Response, ...args: unknown[]) {
      if (request.user && request.session && !request.session.activity) request.session.activity = activityOf(request, Date.now(), Date.now());
      return (end as (...rest: unknown[]) => Response).apply(this, args);
    } as Response['end'];
    next();
  };
}
