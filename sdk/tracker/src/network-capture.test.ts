// @vitest-environment happy-dom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installNetworkCapture } from './network-capture';
import type { NetworkRequest } from './options';

type Win = Window & typeof globalThis;
let restore: (() => void) | undefined;
let realFetch: typeof fetch;

beforeEach(() => {
  realFetch = window.fetch;
});
afterEach(() => {
  restore?.();
  restore = undefined;
  window.fetch = realFetch;
});

function install(capturePayloads: boolean, underlying: typeof fetch) {
  window.fetch = underlying;
  const seen: NetworkRequest[] = [];
  restore = installNetworkCapture(
    window as Win,
    { ingestPoint: 'https://ingest.test/api/ingest', capturePayloads, ignoreHeaders: [], baseUrl: 'https://site.test/' },
    (r) => seen.push(r),
  );
  return seen;
}

describe('fetch capture', () => {
  it('records method, URL, status, duration and sizes, and returns the response unchanged', async () => {
    const response = new Response('{"ok":true}', { status: 201, headers: { 'content-type': 'application/json', 'set-cookie': 'a=b' } });
    const underlying = vi.fn(async () => response);
    const seen = install(true, underlying as unknown as typeof fetch);
    const got = await window.fetch('https://api.test/items', { method: 'PUT', body: '{"n":1}', headers: { Authorization: 'Bearer x', 'X-Id': '7' } });
    expect(got).toBe(response);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toMatchObject({
      kind: 'fetch',
      url: 'https://api.test/items',
      method: 'PUT',
      status: 201,
      requestSize: 7,
      requestHeaders: { 'x-id': '7' },
      requestBody: '{"n":1}',
      responseBody: '{"ok":true}',
      responseHeaders: { 'content-type': 'application/json' },
    });
    expect(JSON.stringify(seen)).not.toMatch(/Bearer|a=b/);
    // The site can still read the body it was given.
    expect(await got.json()).toEqual({ ok: true });
  });

  it('records a failed request with status 0 and still rejects for the site', async () => {
    const seen = install(false, (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch);
    await expect(window.fetch('https://down.test/x')).rejects.toThrow('Failed to fetch');
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toMatchObject({ url: 'https://down.test/x', method: 'GET', status: 0 });
    expect(seen[0]!.requestHeaders).toBeUndefined();
  });

  it('ignores its own ingest traffic', async () => {
    const seen = install(true, (async () => new Response('{}')) as unknown as typeof fetch);
    await window.fetch('https://ingest.test/api/ingest/v1/batch', { method: 'POST', body: 'x' });
    await new Promise((r) => setTimeout(r, 10));
    expect(seen).toHaveLength(0);
  });

  it('restores the original fetch', () => {
    const underlying = (async () => new Response('')) as unknown as typeof fetch;
    install(false, underlying);
    expect(window.fetch).not.toBe(underlying);
    restore!();
    restore = undefined;
    expect(window.fetch).toBe(underlying);
  });
});

describe('XMLHttpRequest capture', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Headers', '*');
      if (req.method === 'OPTIONS') return res.end();
      res.setHeader('Content-Type', 'text/plain');
      res.setHeader('Set-Cookie', 'sid=secret');
      res.statusCode = req.url === '/missing' ? 404 : 200;
      res.end('hello xhr');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('records an XHR with status, duration, size and (when allowed) payloads', async () => {
    const seen = install(true, realFetch);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${base}/missing`);
    xhr.setRequestHeader('Authorization', 'Bearer nope');
    xhr.setRequestHeader('X-Kind', 'test');
    const done = new Promise((r) => xhr.addEventListener('loadend', r));
    xhr.send('payload');
    await done;
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toMatchObject({
      kind: 'xhr',
      url: `${base}/missing`,
      method: 'POST',
      status: 404,
      requestSize: 7,
      responseSize: 9,
      requestHeaders: { 'x-kind': 'test' },
      requestBody: 'payload',
      responseBody: 'hello xhr',
    });
    expect(JSON.stringify(seen)).not.toMatch(/Bearer|sid=secret/);
  });

  it('patches and restores the prototype', () => {
    const open = XMLHttpRequest.prototype.open;
    install(false, realFetch);
    expect(XMLHttpRequest.prototype.open).not.toBe(open);
    restore!();
    restore = undefined;
    expect(XMLHttpRequest.prototype.open).toBe(open);
  });
});
