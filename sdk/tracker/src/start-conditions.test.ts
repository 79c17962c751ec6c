import { afterEach, describe, expect, it } from 'vitest';
import { rememberScriptSource, resolveIngestPoint, visitorOptedOut, type Win } from './start-conditions';

const page = (href: string) => ({ location: { href, origin: new URL(href).origin } }) as unknown as Win;

afterEach(() => rememberScriptSource(undefined));

describe('the ingest point', () => {
  it('takes the option, absolute or relative to the page, without trailing slashes', () => {
    expect(resolveIngestPoint('https://cassette.example.com/api/ingest//', page('https://shop.test/cart'))).toEqual({ ok: true, href: 'https://cassette.example.com/api/ingest' });
    expect(resolveIngestPoint('/collect', page('https://shop.test/cart'))).toEqual({ ok: true, href: 'https://shop.test/collect' });
  });

  it('defaults to the server the script came from, else the page\'s own', () => {
    expect(resolveIngestPoint(undefined, page('https://shop.test/cart'))).toEqual({ ok: true, href: 'https://shop.test/api/ingest' });
    rememberScriptSource('https://cassette.example.com/tracker.js');
    expect(resolveIngestPoint(undefined, page('https://shop.test/cart'))).toEqual({ ok: true, href: 'https://cassette.example.com/api/ingest' });
  });

  it('refuses what is not http(s)', () => {
    expect(resolveIngestPoint('javascript:alert(1)', page('https://shop.test/'))).toEqual({ ok: false, given: 'javascript:alert(1)' });
  });
});

describe('opting out', () => {
  const visitor = (navigator: object, win: object = {}) => ({ navigator, ...win }) as unknown as Win;

  it('reads Do Not Track and Global Privacy Control', () => {
    expect(visitorOptedOut(visitor({ doNotTrack: '1' }))).toBe(true);
    expect(visitorOptedOut(visitor({}, { doNotTrack: '1' }))).toBe(true);
    expect(visitorOptedOut(visitor({ globalPrivacyControl: true }))).toBe(true);
    expect(visitorOptedOut(visitor({ doNotTrack: '0' }))).toBe(false);
  });
});
