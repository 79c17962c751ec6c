import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundHttpError } from '@cassette/plugin-sdk/server';
import { SafeHttpClient } from './safe-http-client.js';

async function listen(handler: http.RequestListener): Promise<{ server: Server; port: number }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

async function failure(promise: Promise<unknown>): Promise<OutboundHttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OutboundHttpError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('SafeHttpClient against real local servers', () => {
  let site: { server: Server; port: number };
  let other: { server: Server; port: number };
  const hits: string[] = [];

  beforeAll(async () => {
    site = await listen((req, res) => {
      hits.push(`site ${req.url}`);
      if (req.url === '/hello') return res.writeHead(200, { 'content-type': 'text/css; charset=utf-8' }).end('body{color:red}');
      if (req.url === '/to-other') return res.writeHead(302, { location: `http://127.0.0.1:${other.port}/secret` }).end();
      if (req.url === '/to-self') return res.writeHead(301, { location: '/hello' }).end();
      if (req.url === '/to-file') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
      if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
      if (req.url === '/big-announced') return res.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000));
      if (req.url === '/big-chunked') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        for (let i = 0; i < 10; i += 1) res.write('y'.repeat(1000));
        return res.end();
      }
      if (req.url === '/slow') return void setTimeout(() => res.writeHead(200).end('late'), 2_000);
      if (req.url === '/missing') return res.writeHead(404).end('no');
      res.writeHead(500).end();
    });
    other = await listen((req, res) => {
      hits.push(`other ${req.url}`);
      res.writeHead(200).end('secret');
    });
  });
  afterAll(async () => {
    for (const s of [site, other]) await new Promise((resolve) => s.server.close(resolve));
  });

  it('refuses loopback by default, before any request reaches it', async () => {
    hits.length = 0;
    const client = new SafeHttpClient();
    const error = await failure(client.fetch(`http://127.0.0.1:${site.port}/hello`));
    expect(error.code).toBe('refused_address');
    expect(error.message).toContain('not a public address');
    expect(hits).toEqual([]);
  });

  it('refuses a name that resolves to loopback (localhost), checked on the resolved address', async () => {
    hits.length = 0;
    const error = await failure(new SafeHttpClient().fetch(`http://localhost:${site.port}/hello`));
    expect(error.code).toBe('refused_address');
    expect(hits).toEqual([]);
  });

  it('refuses when DNS answers a private address for a public-looking name (the check runs in the connection)', async () => {
    const client = new SafeHttpClient({ resolve: (_name, cb) => cb(null, [{ address: '169.254.169.254', family: 4 }]) });
    const error = await failure(client.fetch('http://metadata.example.com/latest'));
    expect(error.code).toBe('refused_address');
    expect(error.message).toContain('169.254.169.254');
  });

  it('accepts an allowlisted host:port and refuses another port of the same host', async () => {
    const client = new SafeHttpClient({ allowHosts: [`127.0.0.1:${site.port}`] });
    const ok = await client.fetch(`http://127.0.0.1:${site.port}/hello`);
    expect(ok.status).toBe(200);
    expect(ok.contentType).toBe('text/css');
    expect(ok.body.toString()).toBe('body{color:red}');
    expect(ok.url).toBe(`http://127.0.0.1:${site.port}/hello`);
    expect((await failure(client.fetch(`http://127.0.0.1:${other.port}/secret`))).code).toBe('refused_address');
  });

  it('matches the allowlist on the resolved address too (localhost → 127.0.0.1:port)', async () => {
    const client = new SafeHttpClient({ allowHosts: [`127.0.0.1:${site.port}`] });
    expect((await client.fetch(`http://localhost:${site.port}/hello`)).status).toBe(200);
  });

  it('refuses a redirect from an allowed server to a refused address, without reaching it', async () => {
    hits.length = 0;
    const client = new SafeHttpClient({ allowHosts: [`127.0.0.1:${site.port}`] });
    const error = await failure(client.fetch(`http://127.0.0.1:${site.port}/to-other`));
    expect(error.code).toBe('refused_address');
    expect(error.url).toBe(`http://127.0.0.1:${other.port}/secret`);
    expect(hits).toEqual(['site /to-other']);
  });

  it('follows redirects within allowed hosts and reports the final URL and hop count', async () => {
    const client = new SafeHttpClient({ allowHosts: [`127.0.0.1:${site.port}`] });
    const res = await client.fetch(`http://127.0.0.1:${site.port}/to-self`);
    expect(res.body.toString()).toBe('body{color:red}');
    expect(res.url).toBe(`http://127.0.0.1:${site.port}/hello`);
    expect(res.redirects).toBe(1);
  });

  it('refuses a redirect to another scheme and bounds the number of redirects', async () => {
    const client = new SafeHttpClient({ allowHosts: [`127.0.0.1:${site.port}`] });
    expect((await failure(client.fetch(`http://127.0.0.1:${site.port}/to-file`))).code).toBe('invalid_url');
    expect((await failure(client.fetch(`http://127.0.0.1:${site.port}/loop`, { maxRedirects: 3 }))).code).toBe('too_many_redirects');
  });

  it('caps the body: announced too large, or larger than announced while reading', async () => {
    const client = new SafeHttpClient({ allowHosts: [`127.0.0.1:${site.port}`] });
    const announced = await failure(client.fetch(`http://127.0.0.1:${site.port}/big-announced`, { maxBytes: 1000 }));
    expect(announced.code).toBe('too_large');
    const chunked = await failure(client.fetch(`http://127.0.0.1:${site.port}/big-chunked`, { maxBytes: 4000 }));
    expect(chunked.code).toBe('too_large');
    expect((await client.fetch(`http://127.0.0.1:${site.port}/big-chunked`, { maxBytes: 10_000 })).body.length).toBe(10_000);
  });

  it('times out a slow answer', async () => {
    const client = new SafeHttpClient({ allowHosts: [`127.0.0.1:${site.port}`] });
    const started = Date.now();
    const error = await failure(client.fetch(`http://127.0.0.1:${site.port}/slow`, { timeoutMs: 300 }));
    expect(error.code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('answers non-2xx statuses, or throws bad_status with okOnly', async () => {
    const client = new SafeHttpClient({ allowHosts: [`127.0.0.1:${site.port}`] });
    expect((await client.fetch(`http://127.0.0.1:${site.port}/missing`)).status).toBe(404);
    const error = await failure(client.fetch(`http://127.0.0.1:${site.port}/missing`, { okOnly: true }));
    expect(error.code).toBe('bad_status');
    expect(error.status).toBe(404);
  });

  it('refuses other schemes and malformed URLs', async () => {
    const client = new SafeHttpClient();
    expect((await failure(client.fetch('ftp://example.com/x'))).code).toBe('invalid_url');
    expect((await failure(client.fetch('not a url'))).code).toBe('invalid_url');
  });
});
