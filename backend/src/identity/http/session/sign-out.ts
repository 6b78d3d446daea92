import type { Request, Response } from 'express';
import { clearSignedInHint } from './signed-in-hint';

/** The session cookie's name (express-session's `name`). */
export const SESSION_COOKIE = 'sid';

/**
 * Signs this browser out: destroys the asking session (so it is not saved again as the response goes out), forgets the
 * user for the rest of the request, and clears the session cookie and the signed-in hint. Every sign-out goes through
 * here: the sign-out link, ending this browser's own session, an owner removing themselves, closing the account.
 */
export function signOutHere(request: Request, response: Response): Promise<void> {
  return new Promise((resolve, reject) =>
    request.session.destroy((error) => {
      if (error) return reject(error);
      request.user = undefined;
      response.clearCookie(SESSION_COOKIE, { path: '/' });
      clearSignedInHint(response);
      resolve();
    }),
  );
}
