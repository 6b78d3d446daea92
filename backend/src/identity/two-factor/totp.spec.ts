import { matchingTotpStep, newTotpSecret, otpauthUrl, totpCodeAt, totpStepAt } from './totp';

/** RFC 6238 appendix B: the SHA-1 key is the ASCII of "12345678901234567890", here in base32 as apps get it. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
/** Appendix B's SHA-1 rows: time (s) and the 8-digit TOTP. Six digits are the same number mod 10^6: its last six. */
const RFC_SHA1_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238) as the shop configures otplib', () => {
  it.each(RFC_SHA1_VECTORS)('at %i s gives the RFC test vector %s (its last six digits)', (seconds, code) => {
    expect(totpCodeAt(RFC_SECRET, seconds * 1000)).toBe(code.slice(-6));
  });

  it('counts 30-second steps from the epoch (RFC 6238 §4.2: T = floor(time / X))', () => {
    expect(totpStepAt(59_000)).toBe(1);
    expect(totpStepAt(1111111109_000)).toBe(0x23523ec);
    expect(totpStepAt(20000000000_000)).toBe(0x27bc86aa);
  });

  it('accepts the current step and its neighbours, naming the step, and nothing further away', () => {
    const now = 1234567890_000;
    const step = totpStepAt(now);
    const codeOf = (offset: number) => totpCodeAt(RFC_SECRET, now + offset * 30_000);
    expect(matchingTotpStep(RFC_SECRET, codeOf(0), now)).toBe(step);
    expect(matchingTotpStep(RFC_SECRET, codeOf(-1), now)).toBe(step - 1);
    expect(matchingTotpStep(RFC_SECRET, codeOf(1), now)).toBe(step + 1);
    expect(matchingTotpStep(RFC_SECRET, codeOf(-2), now)).toBeNull();
    expect(matchingTotpStep(RFC_SECRET, codeOf(2), now)).toBeNull();
    expect(matchingTotpStep(RFC_SECRET, '000000', now)).toBeNull();
    expect(matchingTotpStep(newTotpSecret(), codeOf(0), now)).toBeNull();
  });

  it('makes random 160-bit base32 secrets', () => {
    const secrets = new Set(Array.from({ length: 50 }, () => newTotpSecret()));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('puts the secret, issuer and account into the otpauth URL an authenticator app reads', () => {
    const url = new URL(otpauthUrl('ops@shop.example', RFC_SECRET));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Peptide Research Supply:ops@shop.example');
    expect(Object.fromEntries(url.searchParams)).toEqual({ secret: RFC_SECRET, issuer: 'Peptide Research Supply', algorithm: 'SHA1', digits: '6', period: '30' });
  });
});
