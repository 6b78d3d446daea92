import type { Response } from 'express';

/**
 * A private image (a support attachment, a verification document, a return's photo), re-encoded as WebP: the
 * caller has decided the viewer may see it; browsers keep it a day, shared caches never, and never sniff its type.
 */
export function sendPrivateWebp(response: Response, bytes: Buffer): void {
  response.setHeader('Content-Type', 'image/webp');
  response.setHeader('Cache-Control', 'private, max-age=86400');
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.send(bytes);
}
