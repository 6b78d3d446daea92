import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_GROUP_LENGTH, RECOVERY_CODE_GROUPS } from '../contract/two-factor';

/** Lower-case letters and digits: 36 signs, so sixteen of them carry over 80 bits. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Ten new recovery codes as shown to their owner, grouped for reading: `k7qm-x2rd-9fpa-w3ce`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: RECOVERY_CODE_GROUPS }, () => Array.from({ length: RECOVERY_CODE_GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')).join('-'),
  );
}

/**
 * What is kept of a recovery code: its SHA-256, of the code as the input schema leaves it (no dashes or
 * spaces, lower case). Over 80 random bits need no slow hash: nobody can try enough of them.
 */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('base64url');
}
