import { describe, expect, it } from 'vitest';
import { isAppPath, isHttpUrl, isSafeLink } from './links.js';

describe('links', () => {
  it('accepts http(s) URLs with a host', () => {
    expect(isHttpUrl('https://cassette.dev/docs')).toBe(true);
    expect(isHttpUrl('HTTP://example.com')).toBe(true);
    expect(isHttpUrl('https://')).toBe(false);
    expect(isHttpUrl('ftp://example.com')).toBe(false);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('/3/sessions')).toBe(false);
  });

  it('accepts app paths but not protocol-relative ones', () => {
    expect(isAppPath('/3/dashboard/7')).toBe(true);
    expect(isAppPath('/')).toBe(true);
    expect(isAppPath('//evil.example')).toBe(false);
    expect(isAppPath('/\\evil.example')).toBe(false);
    expect(isAppPath('dashboard')).toBe(false);
  });

  it('isSafeLink is either', () => {
    expect(isSafeLink('/3/errors')).toBe(true);
    expect(isSafeLink('https://example.com')).toBe(true);
    expect(isSafeLink('javascript:alert(1)')).toBe(false);
    expect(isSafeLink('data:text/html,x')).toBe(false);
  });
});
