import { deviceOf } from './client-device';

const USER_AGENTS = {
  windowsChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  iPhone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  androidPhone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  androidTablet: 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  smartTv: 'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  headlessChrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  curl: 'curl/8.5.0',
};

describe('The device of a User-Agent', () => {
  it('tells desktops, phones and tablets apart', () => {
    expect(deviceOf(USER_AGENTS.windowsChrome)).toBe('desktop');
    expect(deviceOf(USER_AGENTS.macSafari)).toBe('desktop');
    expect(deviceOf(USER_AGENTS.iPhone)).toBe('mobile');
    expect(deviceOf(USER_AGENTS.androidPhone)).toBe('mobile');
    expect(deviceOf(USER_AGENTS.iPad)).toBe('tablet');
    expect(deviceOf(USER_AGENTS.androidTablet)).toBe('tablet');
  });

  it('counts a large screen it cannot name further as a desktop', () => {
    expect(deviceOf(USER_AGENTS.smartTv)).toBe('desktop');
  });

  it('is none for crawlers, headless browsers, scripts and a missing User-Agent: they are not counted', () => {
    expect(deviceOf(USER_AGENTS.googlebot)).toBeNull();
    expect(deviceOf(USER_AGENTS.bingbot)).toBeNull();
    expect(deviceOf(USER_AGENTS.headlessChrome)).toBeNull();
    expect(deviceOf(USER_AGENTS.curl)).toBeNull();
    expect(deviceOf(undefined)).toBeNull();
    expect(deviceOf('   ')).toBeNull();
  });
});
