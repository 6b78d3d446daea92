import type { NextFunction, Request, Response } from 'express';

/**
 * A cookie the storefront can read, saying only that a session exists. The session cookie itself
 * is httpOnly, so without this hint every guest page view would ask `GET /api/auth/user` and get a
 * 401. It carries no secret: the session cookie alone authenticates, and a stale hint costs one 401.
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';

function hasHint(request: Request): boolean {
  return (request.headers.cookie ?? '').split(';').some((pair) => pair.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}

export function setSignedInHint(response: Response, sessionTtlMs: number, secure: boolean): void {
  response.cookie(SIGNED_IN_HINT_COOKIE, '1', { httpOnly: false, sameSite: 'lax', secure, maxAge: sessionTtlMs, path: '/' });
}

export function clearSignedInHint(response: Response): void {
  response.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/' });
}

/** Keeps the hint in step with the session, which may have expired or been restored since it was set. */
export function syncSignedInHint(sessionTtlMs: number, secure: boolean) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const signedIn = Boolean(request.user);
    if (signedIn && !hasHint(request)) setSignedInHint(response, sessionTtlMs, secure);
    if (!signedIn && hasHint(request)) clearSignedInHint(response);
    next();
  };
}
