import { describe, expect, it } from 'vitest';
import { countryOf } from './geo-country.js';

describe('countryOf', () => {
  it('finds public addresses in the offline database, IPv4, IPv6 and IPv4-mapped', () => {
    expect(countryOf('8.8.8.8')).toBe('US');
    expect(countryOf('::ffff:8.8.8.8')).toBe('US');
    expect(countryOf('2001:4860:4860::8888')).toBe('US');
  });

  it('answers null for private, loopback, missing and malformed addresses', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.0.1', '::1', '', undefined, 'not an ip']) expect(countryOf(ip)).toBeNull();
  });
});
