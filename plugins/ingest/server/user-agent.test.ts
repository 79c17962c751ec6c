import { describe, expect, it } from 'vitest';
import { parseUserAgent } from './user-agent.js';

describe('parseUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', { browser: 'Chrome', os: 'Windows', deviceType: 'desktop' }],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15', { browser: 'Safari', os: 'Mac OS', deviceType: 'desktop' }],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', { browser: 'Firefox', os: 'Linux', deviceType: 'desktop' }],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', { os: 'Android', deviceType: 'mobile', device: 'Google Pixel 8' }],
    ['Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', { os: 'iOS', deviceType: 'tablet' }],
    ['Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36', { deviceType: 'other' }],
    ['', { browser: null, os: null, deviceType: 'other' }],
  ])('%s', (ua, expected) => {
    expect(parseUserAgent(ua)).toMatchObject(expected);
  });

  it('tells an iPad asking for the desktop site by its touch points', () => {
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
    expect(parseUserAgent(mac, 5)).toMatchObject({ deviceType: 'tablet', device: 'Apple iPad' });
    expect(parseUserAgent(mac, 0)).toMatchObject({ deviceType: 'desktop', device: 'Apple Macintosh' });
  });
});
