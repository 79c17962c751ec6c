import { describe, expect, it } from 'vitest';
import { isRefusedAddress, OutboundAllowlist, parseAllowEntry } from './address-policy.js';

describe('isRefusedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '100.127.255.254',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '240.0.0.1',
    '198.18.0.1',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::',
    '2001:db8::1',
    '2001:0:4136:e378::1',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2002:0808:0808::1'])('allows public %s', (address) => {
    expect(isRefusedAddress(address)).toBe(false);
  });
});

describe('OutboundAllowlist', () => {
  it('matches exact host:port pairs only, names case-insensitively, IPv6 in any spelling', () => {
    const list = new OutboundAllowlist(['127.0.0.1:18091', 'Intranet.Corp:443', '[::1]:8080']);
    expect(list.allows('127.0.0.1', 18091)).toBe(true);
    expect(list.allows('127.0.0.1', 18092)).toBe(false);
    expect(list.allows('intranet.corp', 443)).toBe(true);
    expect(list.allows('0:0:0:0:0:0:0:1', 8080)).toBe(true);
    expect(list.allows('[::1]', 8080)).toBe(true);
  });

  it('refuses entries that are not host:port', () => {
    for (const bad of ['127.0.0.1', 'host:0', 'host:99999', 'http://x:80', '::1:80', '']) expect(() => parseAllowEntry(bad)).toThrow(/host:port/);
  });
});
