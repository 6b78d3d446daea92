import { configurationWarnings, loadConfig } from './config';

const PRODUCTION = { NODE_ENV: 'production', ADMIN_EMAIL: 'owner@shop.test', ADMIN_PASSWORD: 'owner-password-1', SESSION_SECRET: 'x'.repeat(48), PUBLIC_URL: 'https://shop.example', BUSINESS_ABN: '51 824 753 556' };

describe('loadConfig', () => {
  it('refuses a production start without the admin and the session secret, naming what is missing', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/NODE_ENV=production needs ADMIN_EMAIL, ADMIN_PASSWORD, SESSION_SECRET, PUBLIC_URL/);
    expect(() => loadConfig({ ...PRODUCTION, SESSION_SECRET: ' ' })).toThrow(/needs SESSION_SECRET:/);
    expect(() => loadConfig({ ...PRODUCTION, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' })).toThrow(/needs ADMIN_EMAIL, ADMIN_PASSWORD:.*demo admin/);
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_URL: '' })).toThrow(/needs PUBLIC_URL:.*never a Host header/);
    expect(loadConfig(PRODUCTION).production).toBe(true);
  });

  it('starts the demo without any of them outside production', () => {
    expect(loadConfig({}).adminEmail).toBeNull();
  });

  it('offers PromptPay to PROMPTPAY_ID, a Thai mobile number or tax id, and stops the start on anything else', () => {
    expect(loadConfig({ PROMPTPAY_ID: '0812345678' }).wallets.promptpay).toBe('0812345678');
    expect(loadConfig({ PROMPTPAY_ID: '+66 81 234 5678' }).wallets.promptpay).toBe('0812345678');
    expect(loadConfig({ PROMPTPAY_ID: '66912345678' }).wallets.promptpay).toBe('0912345678');
    expect(loadConfig({ PROMPTPAY_ID: '062-345-6789' }).wallets.promptpay).toBe('0623456789');
    expect(loadConfig({ PROMPTPAY_ID: '0105556012345' }).wallets.promptpay).toBe('0105556012345');
    for (const wrong of ['0212345678', '081234567', '08123456789', '+61412345678', '010555601234', 'promptpay']) {
      expect(() => loadConfig({ PROMPTPAY_ID: wrong })).toThrow(new RegExp(`^PROMPTPAY_ID: Invalid Thai phone number.*got ${wrong.replace('+', '\\+')}$`));
    }
  });

  it('offers PromptPay to the demo id when PROMPTPAY_ID is unset, but not in production or when it is off', () => {
    expect(loadConfig({}).wallets.promptpay).toBe('0800000000');
    expect(loadConfig(PRODUCTION).wallets.promptpay).toBeNull();
    expect(loadConfig({ ...PRODUCTION, PROMPTPAY_ID: '0812345678' }).wallets.promptpay).toBe('0812345678');
    expect(loadConfig({ PROMPTPAY_ID: 'off' }).wallets.promptpay).toBeNull();
  });

  it('points links to PUBLIC_URL, else to the address the server was started on, never to a request', () => {
    expect(loadConfig(PRODUCTION).shopOrigin).toBe('https://shop.example');
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example/shop/' }).shopOrigin).toBe('https://shop.example');
    expect(loadConfig({}).shopOrigin).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: ' ' }).shopOrigin).toBe('http://localhost:8080');
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://shop.example' })).toThrow(/PUBLIC_URL must be an http\(s\) address/);
  });

  it('writes JSON logs in production and text elsewhere, unless LOG_FORMAT says', () => {
    expect(loadConfig(PRODUCTION).logFormat).toBe('json');
    expect(loadConfig({}).logFormat).toBe('text');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT must be json or text/);
  });

  it('bounds one buyer to 3 unpaid orders and 10 % of a product by default, each configurable within sense', () => {
    expect(loadConfig({}).unpaidHolds).toEqual({ ordersPerBuyer: 3, sharePercent: 10 });
    expect(loadConfig({ UNPAID_ORDERS_PER_BUYER: '5', UNPAID_SHARE_PER_BUYER_PERCENT: '25' }).unpaidHolds).toEqual({ ordersPerBuyer: 5, sharePercent: 25 });
    expect(loadConfig({ UNPAID_ORDERS_PER_BUYER: 'off' }).unpaidHolds).toBeNull();
    expect(() => loadConfig({ UNPAID_ORDERS_PER_BUYER: '0' })).toThrow(/UNPAID_ORDERS_PER_BUYER must be a whole number from 1/);
    expect(() => loadConfig({ UNPAID_SHARE_PER_BUYER_PERCENT: '101' })).toThrow(/UNPAID_SHARE_PER_BUYER_PERCENT must be a whole number from 1 to 100/);
  });

  it('believes no X-Forwarded-For unless TRUST_PROXY says whose', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig(PRODUCTION).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback, ::1' }).trustProxy).toEqual(['10.0.0.0/8', 'loopback', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/any client's X-Forwarded-For/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/"proxy.internal" is none of these/);
  });

  it('warns a production start behind a proxy without METRICS_TOKEN that metrics are closed, and starts it', () => {
    expect(configurationWarnings(loadConfig({ ...PRODUCTION, TRUST_PROXY: '1' }))).toEqual([expect.stringMatching(/TRUST_PROXY is set and METRICS_TOKEN is not: GET \/metrics answers 403/)]);
    expect(configurationWarnings(loadConfig({ ...PRODUCTION, TRUST_PROXY: '1', METRICS_TOKEN: 'scrape' }))).toEqual([]);
    expect(configurationWarnings(loadConfig(PRODUCTION))).toEqual([]);
    expect(configurationWarnings(loadConfig({ TRUST_PROXY: '1' }))).toEqual([]);
  });

  it('issues tax invoices with a valid ABN (the ATO example in the demo), receipts when not registered for GST, and refuses a registered production shop without an ABN', () => {
    expect(loadConfig({}).business).toEqual({ name: 'Peptide Research Supply', abn: '51824753556', gstRegistered: true });
    expect(loadConfig({ BUSINESS_NAME: 'Lab Supply Pty Ltd', BUSINESS_ABN: '53 004 085 616' }).business).toEqual({ name: 'Lab Supply Pty Ltd', abn: '53004085616', gstRegistered: true });
    expect(loadConfig({ GST_REGISTERED: 'false' }).business).toEqual({ name: 'Peptide Research Supply', abn: null, gstRegistered: false });
    expect(() => loadConfig({ BUSINESS_ABN: '51 824 753 557' })).toThrow(/BUSINESS_ABN must be an Australian Business Number of 11 digits whose check digits hold/);
    expect(() => loadConfig({ GST_REGISTERED: 'yes' })).toThrow('GST_REGISTERED must be true or false, got yes');
    const { BUSINESS_ABN: _abn, ...withoutAbn } = PRODUCTION;
    expect(() => loadConfig(withoutAbn)).toThrow(/tax invoices need the shop's ABN: set BUSINESS_ABN/);
    expect(loadConfig({ ...withoutAbn, GST_REGISTERED: 'false' }).business.gstRegistered).toBe(false);
  });

  it('asks for institution verification before shipping unless VERIFY_BEFORE_SHIPPING=false', () => {
    expect(loadConfig({}).verifyBeforeShipping).toBe(true);
    expect(loadConfig({ VERIFY_BEFORE_SHIPPING: 'false' }).verifyBeforeShipping).toBe(false);
    expect(loadConfig({ VERIFY_BEFORE_SHIPPING: 'true' }).verifyBeforeShipping).toBe(true);
    expect(() => loadConfig({ VERIFY_BEFORE_SHIPPING: 'maybe' })).toThrow(/VERIFY_BEFORE_SHIPPING/);
  });

  it('hashes passwords with 64 MiB unless a test run lowers it, which production refuses', () => {
    expect(loadConfig({}).passwordHashMemoryKib).toBe(65_536);
    expect(loadConfig(PRODUCTION).passwordHashMemoryKib).toBe(65_536);
    expect(loadConfig({ PASSWORD_HASH_MEMORY_KIB: '4096' }).passwordHashMemoryKib).toBe(4096);
    expect(() => loadConfig({ ...PRODUCTION, PASSWORD_HASH_MEMORY_KIB: '4096' })).toThrow(/PASSWORD_HASH_MEMORY_KIB must be at least 65536 in production/);
    expect(loadConfig({ ...PRODUCTION, PASSWORD_HASH_MEMORY_KIB: '131072' }).passwordHashMemoryKib).toBe(131_072);
  });
});
