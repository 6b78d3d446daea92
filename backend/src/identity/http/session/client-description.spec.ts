import { deviceOf, networkPrefixOf } from './client-description';

describe('what a session list shows of a client', () => {
  it('keeps an IPv4 address as its /24 only', () => {
    expect(networkPrefixOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkPrefixOf('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
  });

  it('keeps an IPv6 address as its /48 only, however it is written', () => {
    expect(networkPrefixOf('2001:db8:12:34:5678::1')).toBe('2001:db8:12::/48');
    expect(networkPrefixOf('2001:0db8:0012:ffff:0:0:0:1')).toBe('2001:db8:12::/48');
    expect(networkPrefixOf('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(networkPrefixOf('::1')).toBe('0:0:0::/48');
  });

  it('says so when there is no address to read', () => {
    expect(networkPrefixOf(undefined)).toBe('unknown network');
    expect(networkPrefixOf('not an address')).toBe('unknown network');
  });

  it('names the browser and system from the user agent', () => {
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox on Windows');
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe('Safari on iPhone');
    expect(deviceOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0')).toBe('Edge on macOS');
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36')).toBe('Chrome on Android');
    expect(deviceOf('curl/8.5.0')).toBe('curl');
    expect(deviceOf(undefined)).toBe('Unknown device');
  });
});
