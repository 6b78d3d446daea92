import { twoFactorCodeSchema } from '../contract/two-factor';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';

describe('Recovery codes', () => {
  it('are ten different codes of four groups of four letters or digits', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/);
  });

  it('are kept as a hash that does not depend on how the code was typed, and differs between codes', () => {
    const [code, other] = newRecoveryCodes();
    const typed = twoFactorCodeSchema.parse(` ${code.toUpperCase().replace(/-/g, ' ')} `);
    expect(recoveryCodeHash(typed)).toBe(recoveryCodeHash(code));
    expect(recoveryCodeHash(code)).not.toBe(recoveryCodeHash(other));
    expect(recoveryCodeHash(code)).not.toContain(code.replace(/-/g, ''));
  });
});

describe('The code field', () => {
  it('takes six digits or a recovery code, ignoring spaces and dashes', () => {
    expect(twoFactorCodeSchema.parse('123 456')).toBe('123456');
    expect(twoFactorCodeSchema.parse('ABCD-efgh-1234-5678')).toBe('abcdefgh12345678');
  });

  it.each(['', '12345', '1234567', '12345a', 'abcd-efgh-1234', 'abcd-efgh-1234-5678-9'])('refuses %p', (code) => {
    expect(twoFactorCodeSchema.safeParse(code).success).toBe(false);
  });
});
