import { describe, expect, it } from 'vitest';
import { readSiteHost, SITE_HOST_INVALID, SITE_HOST_REQUIRED, SITE_HOST_SCHEME, SITE_HOST_TOO_LONG, SITE_HOST_WILDCARD } from './site-host.js';

const host = (input: string) => {
  const reading = readSiteHost(input);
  return reading.ok ? reading.host : `refused: ${reading.error}`;
};

describe('a project’s site host', () => {
  it('takes a host name, an IP address or either with a port, lower-cased', () => {
    expect(host('shop.example.com')).toBe('shop.example.com');
    expect(host('  WWW.Shop.Example.com  ')).toBe('www.shop.example.com');
    expect(host('localhost:3000')).toBe('localhost:3000');
    expect(host('intranet')).toBe('intranet');
    expect(host('127.0.0.1:8080')).toBe('127.0.0.1:8080');
    expect(host('[::1]:8080')).toBe('[::1]:8080');
    expect(host('shop.example.com.')).toBe('shop.example.com');
    expect(host('my_shop.example.com')).toBe('my_shop.example.com');
  });

  it('keeps only the host of a pasted address', () => {
    expect(host('https://www.shop.example/cart?x=1#top')).toBe('www.shop.example');
    expect(host('http://shop.example:8080/')).toBe('shop.example:8080');
    expect(host('HTTPS://Shop.Example:443/')).toBe('shop.example');
    expect(host('//cdn.shop.example/app.js')).toBe('cdn.shop.example');
    expect(host('shop.example/checkout')).toBe('shop.example');
  });

  it('writes an internationalized name as the browser reports it', () => {
    expect(host('bücher.example')).toBe('xn--bcher-kva.example');
  });

  it('refuses what is no host, each with a message that says what to enter', () => {
    expect(host('')).toBe(`refused: ${SITE_HOST_REQUIRED}`);
    expect(host('   ')).toBe(`refused: ${SITE_HOST_REQUIRED}`);
    expect(host('*.shop.example')).toBe(`refused: ${SITE_HOST_WILDCARD}`);
    expect(host('ftp://files.shop.example')).toBe(`refused: ${SITE_HOST_SCHEME}`);
    expect(host('javascript://alert(1)')).toBe(`refused: ${SITE_HOST_SCHEME}`);
    for (const bad of ["h'; --", 'shop example.com', 'user:pass@shop.example', 'shop..example', '-shop.example', 'shop.example:99999', 'shop.example:0', 'https://', '123', '0x7f.1', '<script>', 'shop\u0000.example', 'a'.repeat(64) + '.example']) {
      expect(host(bad), bad).toBe(`refused: ${SITE_HOST_INVALID}`);
    }
    expect(host(`${'a'.repeat(60)}.`.repeat(5) + 'example')).toBe(`refused: ${SITE_HOST_TOO_LONG}`);
    expect(host('x'.repeat(3000))).toBe(`refused: ${SITE_HOST_TOO_LONG}`);
  });

  it('reads arbitrary UTF-16, lone surrogates included, without throwing', () => {
    expect(host('shop\ud83d.example')).toBe(`refused: ${SITE_HOST_INVALID}`);
    expect(host('\udc00')).toBe(`refused: ${SITE_HOST_INVALID}`);
  });
});
