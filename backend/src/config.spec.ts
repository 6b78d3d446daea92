import { configurationWarnings, loadConfig } from './config';

const PRODUCTION = { NODE_ENV: 'production', ADMIN_EMAIL: 'owner@shop.test', ADMIN_PASSWORD: 'owner-password-1', SESSION_SECRET: 'x'.repeat(48), PUBLIC_URL: 'https://shop.example' };

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
});
