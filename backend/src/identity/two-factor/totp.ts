import { authenticator } from 'otplib';
import { TOTP_DIGITS, TOTP_ISSUER, TOTP_STEP_SECONDS } from '../contract/two-factor';

/** Bytes of a new secret: 160 bits, the key length RFC 4226 recommends for HMAC-SHA-1. */
const SECRET_BYTES = 20;

/**
 * The shop's TOTP (RFC 6238) through otplib: HMAC-SHA-1, six digits, 30-second steps, secrets in base32
 * (what authenticator apps read). A code of the step before or after the current one is accepted too,
 * so a clock a little off, or a code typed as it changed, still works.
 */
const shopAuthenticator = authenticator.clone({ digits: TOTP_DIGITS, step: TOTP_STEP_SECONDS, window: [1, 1] });

/** A new random secret, base32. */
export function newTotpSecret(): string {
  return shopAuthenticator.generateSecret(SECRET_BYTES);
}

/** What the QR code holds: `otpauth://totp/<issuer>:<account>?secret=…&issuer=…` (the Key Uri Format apps read). */
export function otpauthUrl(accountName: string, secret: string): string {
  return shopAuthenticator.keyuri(accountName, TOTP_ISSUER, secret);
}

/** The 30-second step that `at` (ms since the epoch) falls in: the counter RFC 6238 feeds to HOTP. */
export function totpStepAt(at: number): number {
  return Math.floor(at / 1000 / TOTP_STEP_SECONDS);
}

/** The code for `secret` at `at`: for tests and for nothing else the server needs. */
export function totpCodeAt(secret: string, at: number): string {
  return shopAuthenticator.clone({ epoch: at }).generate(secret);
}

/**
 * The step whose code `code` is for `secret`, if it is the current step's or a neighbour's; null when the code
 * is not right. The caller refuses a step it has accepted before (a code is good once: RFC 6238 §5.2).
 */
export function matchingTotpStep(secret: string, code: string, at: number): number | null {
  const delta = shopAuthenticator.clone({ epoch: at }).checkDelta(code, secret);
  return delta === null ? null : totpStepAt(at) + delta;
}
