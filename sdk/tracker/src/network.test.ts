import { describe, expect, it } from 'vitest';
import { isIngestUrl, isTextual, parseRawHeaders, sanitizeRequest, type NetworkPolicy } from './network';
import type { NetworkRequest } from './options';

const policy = (over: Partial<NetworkPolicy> = {}): NetworkPolicy => ({
  ingestPoint: 'https://cassette.example.com/api/ingest',
  capturePayloads: true,
  ignoreHeaders: [],
  baseUrl: 'https://shop.example.com/cart',
  ...over,
});

const request = (over: Partial<NetworkRequest> = {}): NetworkRequest => ({
  kind: 'fetch',
  url: 'https://api.example.com/orders',
  method: 'post',
  status: 201,
  duration: 12.6,
  requestSize: 20,
  responseSize: 40,
  requestHeaders: { Authorization: 'Bearer secret', 'Content-Type': 'application/json', Cookie: 'sid=1', 'X-Trace': 't1' },
  responseHeaders: { 'set-cookie': 'sid=2', 'content-type': 'application/json' },
  requestBody: '{"item":1}',
  responseBody: '{"id":9}',
  ...over,
});

describe('sanitizeRequest', () => {
  it('never keeps Authorization, Cookie or Set-Cookie, in any case', () => {
    const out = sanitizeRequest(request(), policy())!;
    expect(out.requestHeaders).toEqual({ 'content-type': 'application/json', 'x-trace': 't1' });
    expect(out.responseHeaders).toEqual({ 'content-type': 'application/json' });
    expect(JSON.stringify(out)).not.toMatch(/secret|sid=/);
    expect(out.method).toBe('POST');
    expect(out.duration).toBe(13);
  });

  it('drops headers the site names', () => {
    const out = sanitizeRequest(request(), policy({ ignoreHeaders: ['X-TRACE'] }))!;
    expect(out.requestHeaders).toEqual({ 'content-type': 'application/json' });
  });

  it('keeps headers and bodies only when the project captures payloads', () => {
    const out = sanitizeRequest(request(), policy({ capturePayloads: false }))!;
    expect(out).toEqual({ kind: 'fetch', url: 'https://api.example.com/orders', method: 'POST', status: 201, duration: 13, requestSize: 20, responseSize: 40 });
  });

  it('never records requests to its own ingest point (relative or absolute)', () => {
    expect(sanitizeRequest(request({ url: 'https://cassette.example.com/api/ingest/v1/batch' }), policy())).toBeNull();
    expect(sanitizeRequest(request({ url: 'https://cassette.example.com/api/ingest/v1/batch?token=x' }), policy())).toBeNull();
    expect(
      sanitizeRequest(request({ url: '/api/ingest/v1/start' }), policy({ ingestPoint: 'https://shop.example.com/api/ingest' })),
    ).toBeNull();
    expect(isIngestUrl('https://cassette.example.com/api/ingestion', 'https://cassette.example.com/api/ingest')).toBe(false);
  });

  it("lets the site's sanitizer edit or drop a request", () => {
    const edited = sanitizeRequest(
      request(),
      policy({ sanitizer: (r) => ({ ...r, url: r.url.replace('orders', 'ORDERS'), requestBody: undefined }) }),
    )!;
    expect(edited.url).toBe('https://api.example.com/ORDERS');
    expect(edited.requestBody).toBeUndefined();
    expect(sanitizeRequest(request(), policy({ sanitizer: () => null }))).toBeNull();
  });

  it('the sanitizer sees no secrets and cannot add them back, nor payloads the project refuses', () => {
    let seen: NetworkRequest | undefined;
    const out = sanitizeRequest(
      request(),
      policy({
        capturePayloads: false,
        sanitizer: (r) => {
          seen = r;
          return { ...r, requestHeaders: { Authorization: 'Bearer again', cookie: 'x' }, requestBody: 'smuggled' };
        },
      }),
    )!;
    expect(seen!.requestHeaders).toBeUndefined();
    expect(out.requestHeaders).toBeUndefined();
    expect(out.requestBody).toBeUndefined();
    const allowed = sanitizeRequest(request(), policy({ sanitizer: (r) => ({ ...r, requestHeaders: { Authorization: 'again', a: 'b' } }) }))!;
    expect(allowed.requestHeaders).toEqual({ a: 'b' });
  });

  it('a sanitizer that throws drops the request rather than leaking it', () => {
    expect(sanitizeRequest(request(), policy({ sanitizer: () => { throw new Error('bug'); } }))).toBeNull();
  });

  it('clips large bodies', () => {
    const out = sanitizeRequest(request({ responseBody: 'x'.repeat(50_000) }), policy())!;
    expect(out.responseBody!.length).toBe(10_000);
  });
});

describe('parseRawHeaders', () => {
  it('reads the XHR header block', () => {
    expect(parseRawHeaders('Content-Type: text/plain\r\nX-A: 1: 2\r\n')).toEqual({ 'content-type': 'text/plain', 'x-a': '1: 2' });
  });
});

describe('isTextual', () => {
  it('reads JSON and text bodies, never event streams or binaries', () => {
    expect(isTextual('application/json; charset=utf-8')).toBe(true);
    expect(isTextual('text/html')).toBe(true);
    expect(isTextual('text/event-stream')).toBe(false);
    expect(isTextual('image/png')).toBe(false);
    expect(isTextual(null)).toBe(false);
  });
});
