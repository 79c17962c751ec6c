import { describe, expect, it } from 'vitest';
import { boundEvent, boundStartRequest, LIMITS } from './limits';
import type { StartRequest } from './protocol';

const long = (n: number) => 'x'.repeat(n);

describe('bounds', () => {
  it('clips event fields to what the server accepts, leaving short ones alone', () => {
    const page = boundEvent({ type: 'page', ts: 1, url: 'https://a.test/?q=' + long(20_000), referrer: '', title: long(5_000) });
    expect(page.type === 'page' && page.url.length).toBe(LIMITS.url);
    expect(page.type === 'page' && page.title.length).toBe(LIMITS.short);
    expect(boundEvent({ type: 'metadata', ts: 1, key: long(100), value: 'v' })).toEqual({ type: 'metadata', ts: 1, key: long(64), value: 'v' });
    expect(boundEvent({ type: 'issue', ts: 1, issueType: long(80) })).toMatchObject({ issueType: long(64) });
    const req = boundEvent({
      type: 'request',
      ts: 1,
      kind: 'fetch',
      url: 'u',
      method: long(40),
      status: 200,
      duration: 1,
      requestHeaders: Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`h${i}`, long(9_000)])),
    });
    expect(req.type === 'request' && req.method.length).toBe(32);
    expect(req.type === 'request' && Object.keys(req.requestHeaders!).length).toBe(100);
    expect(req.type === 'request' && req.requestHeaders!.h0!.length).toBe(LIMITS.headerValue);
    const click = { type: 'click' as const, ts: 1, selector: '#a', label: 'Buy' };
    expect(boundEvent(click)).toEqual(click);
  });

  it('keeps a start request with a long URL and many metadata keys acceptable', () => {
    const req: StartRequest = {
      projectKey: 'pk',
      trackerVersion: '1',
      protocolVersion: 1,
      timestamp: 1,
      url: 'https://a.test/?utm=' + long(5_000),
      referrer: long(3_000),
      title: long(600),
      screen: { width: 1, height: 1 },
      viewport: { width: 1, height: 1 },
      metadata: Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`k${i}`, 'v'])),
      revId: long(200),
    };
    const out = boundStartRequest(req);
    expect(out.url.length).toBe(2_048);
    expect(out.referrer.length).toBe(2_048);
    expect(out.title.length).toBe(512);
    expect(Object.keys(out.metadata!)).toHaveLength(10);
    expect(out.revId!.length).toBe(128);
  });
});
