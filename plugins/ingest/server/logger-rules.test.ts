import { describe, expect, it } from 'vitest';
import { DEFAULT_LOGGER_OPTIONS } from '@cassette/plugin-sdk';
import { addressAllowed, pageHost, recordingPrivacy, startRefusal } from './logger-rules.js';

describe("the client's logger options at session start", () => {
  it('allows addresses on the list, by address or range, of either family', () => {
    const list = ['203.0.113.0/24', '198.51.100.7', '2001:db8::/32'];
    expect(addressAllowed('203.0.113.99', list)).toBe(true);
    expect(addressAllowed('::ffff:203.0.113.99', list)).toBe(true);
    expect(addressAllowed('198.51.100.7', list)).toBe(true);
    expect(addressAllowed('198.51.100.8', list)).toBe(false);
    expect(addressAllowed('2001:db8:1::5', list)).toBe(true);
    expect(addressAllowed('2001:db9::5', list)).toBe(false);
    expect(addressAllowed('not an address', list)).toBe(false);
    expect(addressAllowed('192.0.2.1', [])).toBe(true);
  });

  it("reads the page's host from the Origin header, else from the page address", () => {
    expect(pageHost('https://shop.example.com', 'https://other.example.com/x')).toBe('shop.example.com');
    expect(pageHost(undefined, 'https://shop.example.com:8443/cart')).toBe('shop.example.com');
    expect(pageHost('null', 'http://localhost:3000/')).toBe('localhost');
    expect(pageHost(undefined, 'file:///tmp/x.html')).toBeNull();
  });

  it('says why a start is refused, and allows everything by default', () => {
    expect(startRefusal(DEFAULT_LOGGER_OPTIONS, '192.0.2.1', undefined, '')).toBeNull();
    const options = { ...DEFAULT_LOGGER_OPTIONS, ipWhitelist: ['203.0.113.0/24'], allowedDomains: ['*.example.com'] };
    expect(startRefusal(options, '192.0.2.1', 'https://shop.example.com', '')).toMatch(/^Sessions from this address \(192\.0\.2\.1\) are not recorded: it is not in the organization's IP allow-list\./);
    expect(startRefusal(options, '203.0.113.5', 'https://evil.test', '')).toMatch(/^Pages on evil\.test are not recorded: it is not one of the organization's allowed domains\./);
    expect(startRefusal(options, '203.0.113.5', undefined, 'about:blank')).toMatch(/^This page's address could not be read/);
    expect(startRefusal(options, '203.0.113.5', 'https://shop.example.com', '')).toBeNull();
  });

  it('masks what either the project or the client asks to', () => {
    const project = { defaultInputMode: 'obscured' as const, maskEmails: false, maskNumbers: true };
    expect(recordingPrivacy(project, DEFAULT_LOGGER_OPTIONS)).toEqual(project);
    expect(recordingPrivacy(project, { ...DEFAULT_LOGGER_OPTIONS, defaultInputMode: 'hidden', obscureEmailData: true })).toEqual({ defaultInputMode: 'hidden', maskEmails: true, maskNumbers: true });
    // The client's plain mode never loosens the project's.
    expect(recordingPrivacy(project, { ...DEFAULT_LOGGER_OPTIONS, defaultInputMode: 'plain' }).defaultInputMode).toBe('obscured');
  });
});
