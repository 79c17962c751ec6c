import { describe, expect, it } from 'vitest';
import { DEFAULT_LOGGER_OPTIONS, domainAllowed, ipVersion, readDomainEntry, readIpEntry, readLoggerOptionsChange, resolveLoggerOptions, stricterInputMode } from './logger-options.js';

describe('logger options', () => {
  it('reads addresses and ranges of both families, and nothing else', () => {
    expect(readIpEntry(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(readIpEntry('203.0.113.0/24')).toBe('203.0.113.0/24');
    expect(readIpEntry('2001:DB8::1')).toBe('2001:db8::1');
    expect(readIpEntry('2001:db8::/32')).toBe('2001:db8::/32');
    for (const bad of ['203.0.113.256', '203.0.113.0/33', '2001:db8::/129', 'example.com', '1.2.3', '::1/8/2', '']) expect(readIpEntry(bad), bad).toBeNull();
    expect(ipVersion('::ffff:203.0.113.7')).toBe(6);
  });

  it('reads hosts and wildcard subdomains; a pasted address keeps its host', () => {
    expect(readDomainEntry('Shop.Example.com')).toBe('shop.example.com');
    expect(readDomainEntry('*.example.com')).toBe('*.example.com');
    expect(readDomainEntry('https://shop.example.com/cart?x=1')).toBe('shop.example.com');
    expect(readDomainEntry('localhost')).toBe('localhost');
    for (const bad of ['shop example.com', '*.', 'exa_mple.com', '-shop.example.com', 'http://', '*.*.example.com']) expect(readDomainEntry(bad), bad).toBeNull();
  });

  it('matches a host exactly, or any subdomain for a wildcard (not the bare domain)', () => {
    expect(domainAllowed('shop.example.com', [])).toBe(true);
    expect(domainAllowed('shop.example.com', ['shop.example.com'])).toBe(true);
    expect(domainAllowed('evil.com', ['shop.example.com'])).toBe(false);
    expect(domainAllowed('a.b.example.com', ['*.example.com'])).toBe(true);
    expect(domainAllowed('example.com', ['*.example.com'])).toBe(false);
    expect(domainAllowed('notexample.com', ['*.example.com'])).toBe(false);
    expect(domainAllowed('shop.example.com.evil.com', ['shop.example.com'])).toBe(false);
  });

  it('takes a change field by field and refuses each bad one with what to send', () => {
    expect(readLoggerOptionsChange({ ipWhitelist: ['203.0.113.7', ' 203.0.113.7', ''], defaultInputMode: 'hidden' })).toEqual({ change: { ipWhitelist: ['203.0.113.7'], defaultInputMode: 'hidden' }, errors: [] });
    const bad = readLoggerOptionsChange({ ipWhitelist: ['nope'], allowedDomains: 'shop.example.com', defaultInputMode: 'masked', obscureEmailData: 'yes', colour: 1 });
    expect(bad.change).toBeNull();
    expect(bad.errors).toEqual([
      'Unknown logger option "colour": use "ipWhitelist", "allowedDomains", "defaultInputMode", "obscureEmailData", "obscureNumericData".',
      'ipWhitelist: "nope" is not IP addresses or ranges (such as 203.0.113.7 or 203.0.113.0/24).',
      'allowedDomains must be a list of domains (such as shop.example.com or *.example.com).',
      'defaultInputMode must be one of plain, obscured, hidden.',
      'obscureEmailData must be true or false.',
    ]);
    expect(readLoggerOptionsChange({ allowedDomains: Array.from({ length: 101 }, (_, i) => `s${i}.example.com`) }).errors[0]).toBe('allowedDomains holds 101 entries: keep it to 100.');
    expect(readLoggerOptionsChange([]).errors[0]).toContain('loggerOptions must be an object');
  });

  it('fills what was never stored with the defaults', () => {
    expect(resolveLoggerOptions(null)).toEqual(DEFAULT_LOGGER_OPTIONS);
    expect(resolveLoggerOptions({ obscureNumericData: true })).toEqual({ ...DEFAULT_LOGGER_OPTIONS, obscureNumericData: true });
  });

  it('picks the stricter input mode either way round', () => {
    expect(stricterInputMode('plain', 'obscured')).toBe('obscured');
    expect(stricterInputMode('hidden', 'obscured')).toBe('hidden');
    expect(stricterInputMode('plain', 'plain')).toBe('plain');
  });
});
