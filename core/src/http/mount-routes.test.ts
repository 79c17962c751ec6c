import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetFor, coreServices, defineAsset, definePlugin, defineRoute, tooManyRequests, serviceUnavailable, payloadTooLarge } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '../testing/test-kernel.js';

const sinkDeps = { config: coreServices.config };
// An asset declared before any service exists, reading one at request time through its deps.
const publicUrlAsset = assetFor(sinkDeps)({ url: '/sink/public-url', contentType: 'text/plain', load: (_request, { config }) => config.publicUrl });

const sink = definePlugin({
  id: 'sink',
  deps: sinkDeps,
  register(r) {
    r.route(
      defineRoute({
        method: 'POST',
        url: '/sink/raw',
        access: { auth: 'public' },
        rawBody: true,
        cors: 'anyOrigin',
        bodyLimit: 64,
        schema: {},
        handler: async ({ body, request }) => {
          const bytes = body as unknown as Buffer;
          return { isBuffer: Buffer.isBuffer(bytes), length: bytes?.length ?? 0, contentType: request.headers['content-type'] ?? null };
        },
      }),
    );
    r.route(
      defineRoute({
        method: 'POST',
        url: '/sink/limited',
        access: { auth: 'public' },
        cors: 'anyOrigin',
        schema: {},
        handler: async ({ request }) => {
          const kind = request.headers['x-kind'];
          if (kind === '429') throw tooManyRequests('Slow down', 2.2);
          if (kind === '503') throw serviceUnavailable('Busy', 5);
          throw payloadTooLarge('Too big');
        },
      }),
    );
    for (const keepNulls of [false, true]) {
      r.route(
        defineRoute({
          method: 'GET',
          url: keepNulls ? '/sink/nulls-kept' : '/sink/nulls',
          access: { auth: 'public' },
          keepNulls,
          schema: {},
          handler: async () => ({ removed: null, nested: [{ text: null, id: 3 }] }),
        }),
      );
    }
    r.asset(defineAsset({ url: '/sink.js', contentType: 'application/javascript', cors: 'anyOrigin', cacheSeconds: 60, load: () => 'window.sink = 1;' }));
    r.asset(defineAsset({ url: '/sink/page', contentType: 'text/html; charset=utf-8', load: () => new TextEncoder().encode('<p>hi</p>') }));
    r.asset(publicUrlAsset);
  },
});

let kernel: TestKernel;
beforeAll(async () => {
  kernel = await createTestKernel({ plugins: [sink] });
});
afterAll(async () => kernel?.close());

describe('raw-body routes', () => {
  it('hand the body over as bytes whatever the content type', async () => {
    for (const contentType of ['application/octet-stream', 'application/json', 'text/plain', 'application/x-anything']) {
      const res = await kernel.kernel.app.inject({ method: 'POST', url: '/api/sink/raw', headers: { 'content-type': contentType }, payload: gzipSync('{"a":1}') });
      expect(res.statusCode, contentType).toBe(200);
      expect(res.json().data).toMatchObject({ isBuffer: true, contentType });
    }
  });

  it('answer 413 with a JSON error above the body limit', async () => {
    const res = await kernel.kernel.app.inject({ method: 'POST', url: '/api/sink/raw', headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.alloc(65) });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0]).toMatch(/too large/i);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('null values in answers', () => {
  it('are left out by default, and kept for routes that ask', async () => {
    const stripped = await kernel.kernel.app.inject({ method: 'GET', url: '/api/sink/nulls' });
    expect(stripped.json()).toEqual({ data: { nested: [{ id: 3 }] } });
    const kept = await kernel.kernel.app.inject({ method: 'GET', url: '/api/sink/nulls-kept' });
    expect(kept.json()).toEqual({ data: { removed: null, nested: [{ text: null, id: 3 }] } });
  });
});

describe('any-origin routes', () => {
  it('answer preflights for any origin without credentials', async () => {
    const res = await kernel.kernel.app.inject({
      method: 'OPTIONS',
      url: '/api/sink/raw',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(String(res.headers['access-control-allow-headers'])).toMatch(/authorization/i);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('carry Retry-After on 429 and 503 and expose it to scripts', async () => {
    const tooMany = await kernel.kernel.app.inject({ method: 'POST', url: '/api/sink/limited', headers: { 'x-kind': '429', origin: 'https://shop.example' } });
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.headers['retry-after']).toBe('3');
    expect(tooMany.headers['access-control-allow-origin']).toBe('*');
    expect(tooMany.headers['access-control-expose-headers']).toBe('Retry-After');
    expect(tooMany.json()).toEqual({ errors: ['Slow down'] });
    const busy = await kernel.kernel.app.inject({ method: 'POST', url: '/api/sink/limited', headers: { 'x-kind': '503' } });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('5');
    const big = await kernel.kernel.app.inject({ method: 'POST', url: '/api/sink/limited' });
    expect(big.statusCode).toBe(413);
    expect(big.headers['retry-after']).toBeUndefined();
  });

  it('leave ordinary routes without CORS headers', async () => {
    const res = await kernel.kernel.app.inject({ method: 'GET', url: '/api/account', headers: { origin: 'https://shop.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('plugin assets', () => {
  it('are served at their path with type, caching and CORS', async () => {
    const script = await kernel.kernel.app.inject({ method: 'GET', url: '/sink.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('window.sink = 1;');
    expect(script.headers['content-type']).toContain('application/javascript');
    expect(script.headers['cache-control']).toBe('public, max-age=60');
    expect(script.headers['access-control-allow-origin']).toBe('*');
    const page = await kernel.kernel.app.inject({ method: 'GET', url: '/sink/page' });
    expect(page.body).toBe('<p>hi</p>');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("hand the plugin's deps to load", async () => {
    const res = await kernel.kernel.app.inject({ method: 'GET', url: '/sink/public-url' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(kernel.kernel.resolve(coreServices.config).publicUrl);
  });

  it('refuse paths under /api at boot', async () => {
    const bad = definePlugin({ id: 'bad', register: (r) => r.asset(defineAsset({ url: '/api/x.js', contentType: 'text/plain', load: () => '' })) });
    await expect(createTestKernel({ plugins: [bad] })).rejects.toThrow(/outside \/api/);
  });
});

describe('delegated logins', () => {
  it('are refused at boot on a route that is not a user project route (the credential opens one project)', async () => {
    const bad = definePlugin({
      id: 'bad',
      register: (r) =>
        r.route(defineRoute({ method: 'GET', url: '/bad', access: { auth: 'public' }, schema: {}, delegatedLogin: () => null, handler: async () => ({}) })),
    });
    await expect(createTestKernel({ plugins: [bad] })).rejects.toThrow(/a delegated login is for `auth: 'user'` project routes/);
  });
});
