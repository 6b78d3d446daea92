import { loadConfig } from '../../config';

const PRODUCTION = { NODE_ENV: 'production', ADMIN_EMAIL: 'owner@shop.example', ADMIN_PASSWORD: 'a long password', SESSION_SECRET: 'x'.repeat(48), PUBLIC_URL: 'https://shop.example', GST_REGISTERED: 'false' };

describe('STAFF_2FA', () => {
  it('is required in production and optional elsewhere unless set', () => {
    expect(loadConfig(PRODUCTION).staffTwoFactor).toBe('required');
    expect(loadConfig({ NODE_ENV: 'test' }).staffTwoFactor).toBe('optional');
    expect(loadConfig({ ...PRODUCTION, STAFF_2FA: 'optional' }).staffTwoFactor).toBe('optional');
    expect(loadConfig({ NODE_ENV: 'development', STAFF_2FA: 'required' }).staffTwoFactor).toBe('required');
  });

  it('refuses anything else, naming the variable', () => {
    expect(() => loadConfig({ STAFF_2FA: 'yes' })).toThrow('STAFF_2FA must be required or optional, got yes');
  });
});
