import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin, defineRoute, type RouteAccess } from '@cassette/plugin-sdk/server';
import { newApiKey } from '../domain/organization-api-key.js';
import { createTestKernel, type TestKernel } from '../testing/test-kernel.js';
import { API_KEY_ON_USER_ROUTE, API_KEY_REQUIRED, NOT_AN_API_KEY, UNKNOWN_API_KEY } from './api-key-auth.js';

/** What a source-map upload route looks like to the kernel: an API key, a query and a body. */
const pipeline = definePlugin({
  id: 'pipeline',
  register(r) {
    r.route(
      defineRoute({
        method: 'GET',
        url: '/pipeline/whoami',
        access: { auth: 'apiKey' },
        schema: {},
        handler: async ({ tenantId, caller, projectId }) => ({ tenantId, callerIsNull: caller === null, projectIdIsNull: projectId === null }),
      }),
    );
    r.route(
      defineRoute({
        method: 'POST',
        url: '/pipeline/releases',
        access: { auth: 'apiKey' },
        schema: { querystring: Type.Object({ release: Type.String({ minLength: 1 }) }), body: Type.Object({ files: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }) },
        handler: async ({ tenantId, query, body }) => ({ tenantId, release: query.release, files: body.files }),
      }),
    );
  },
});

let t: TestKernel;
let a: Awaited<ReturnType<TestKernel['createTenant']>>;
let b: Awaited<ReturnType<TestKernel['createTenant']>>;
beforeAll(async () => {
  t = await createTestKernel({ plugins: [pipeline] });
  a = await t.createTenant('Pipeline A');
  b = await t.createTenant('Pipeline B');
});
afterAll(async () => t?.close());

/** Each test its own client address: wrong keys count per IP. */
let address = 0;
async function call(url: string, headers: Record<string, string> = {}, options: { method?: 'GET' | 'POST'; body?: unknown; ip?: string } = {}) {
  address += 1;
  const res = await t.kernel.app.inject({
    method: options.method ?? 'GET',
    url,
    headers,
    remoteAddress: options.ip ?? `10.20.${address >> 8}.${address & 255}`,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('routes with auth: apiKey', () => {
  it("run with the key's tenant and no caller", async () => {
    expect(await call('/api/pipeline/whoami', bearer(a.apiKey))).toMatchObject({ status: 200, body: { data: { tenantId: a.tenantId, callerIsNull: true, projectIdIsNull: true } } });
    expect((await call('/api/pipeline/whoami', bearer(b.apiKey))).body.data.tenantId).toBe(b.tenantId);
    expect((await call('/api/pipeline/whoami', { authorization: `bearer   ${a.apiKey}  ` })).body.data.tenantId).toBe(a.tenantId);
  });

  it('ask for the key when the header is missing or not a bearer token', async () => {
    const shapes: Record<string, string>[] = [{}, { authorization: '' }, { authorization: 'Bearer' }, { authorization: `Basic ${a.apiKey}` }, { authorization: a.apiKey }, { 'x-api-key': a.apiKey }];
    for (const headers of shapes) {
      const res = await call('/api/pipeline/whoami', headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body).toEqual({ errors: [API_KEY_REQUIRED] });
    }
    expect(API_KEY_REQUIRED).toBe('An API key is required: send the organization API key (Preferences › Account) as Authorization: Bearer <key>');
  });

  it("refuse a user's login token, even an admin's", async () => {
    const admin = await t.createMember(a.tenantId, { admin: true });
    for (const token of [a.owner.token, admin.token, 'not-a-key', `${a.apiKey.slice(4)}`]) {
      const res = await call('/api/pipeline/whoami', bearer(token));
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ errors: [NOT_AN_API_KEY] });
    }
  });

  it('refuse unknown keys and keys that differ by anything', async () => {
    const altered = [newApiKey(), `${a.apiKey}x`, a.apiKey.slice(0, -1), `${a.apiKey.slice(0, -1)}${a.apiKey.endsWith('A') ? 'B' : 'A'}`, `cak_${a.apiKey.slice(4).toUpperCase()}`];
    for (const key of altered.filter((k) => k !== a.apiKey)) {
      const res = await call('/api/pipeline/whoami', bearer(key));
      expect(res.status, key).toBe(401);
      expect(res.body).toEqual({ errors: [UNKNOWN_API_KEY] });
    }
  });

  it('check the key before validating input, then validate it as usual', async () => {
    const noKey = await call('/api/pipeline/releases?release=', {}, { method: 'POST', body: { files: 'many' } });
    expect(noKey).toMatchObject({ status: 401, body: { errors: [API_KEY_REQUIRED] } });
    const bad = await call('/api/pipeline/releases?release=', bearer(a.apiKey), { method: 'POST', body: { files: 'many' } });
    expect(bad.status).toBe(400);
    const good = await call('/api/pipeline/releases?release=1.2.3', bearer(a.apiKey), { method: 'POST', body: { files: 3 } });
    expect(good.body).toEqual({ data: { tenantId: a.tenantId, release: '1.2.3', files: 3 } });
  });

  it('slow down an address that keeps sending wrong keys, and only that address', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < 30; i++) expect((await call('/api/pipeline/whoami', bearer(newApiKey()), { ip })).status).toBe(401);
    const limited = await call('/api/pipeline/whoami', bearer(a.apiKey), { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.errors[0]).toMatch(/Too many attempts with a wrong API key/);
    expect((await call('/api/pipeline/whoami', bearer(a.apiKey), { ip: '10.99.0.2' })).status).toBe(200);
  });
});

describe('the API key on routes for logged-in users', () => {
  it('is refused with a message saying what it is for', async () => {
    for (const url of ['/api/account', '/api/client', '/api/client/members', `/api/${a.projectId}/gdpr`]) {
      const res = await call(url, bearer(a.apiKey));
      expect(res.status, url).toBe(401);
      expect(res.body).toEqual({ errors: [API_KEY_ON_USER_ROUTE] });
    }
    expect((await call('/api/client/api-key', bearer(a.apiKey), { method: 'POST' })).status).toBe(401);
  });
});

describe('declaring an apiKey route', () => {
  const withAccess = (access: RouteAccess) =>
    definePlugin({
      id: 'confused',
      register(r) {
        r.route(defineRoute({ method: 'POST', url: '/confused', access, schema: {}, handler: async () => ({}) }));
      },
    });

  it('with project: true or a permission fails the boot, naming the route', async () => {
    await expect(createTestKernel({ plugins: [withAccess({ auth: 'apiKey', project: true })] })).rejects.toThrow(
      /Plugin "confused" route POST \/api\/:projectId\/confused: an apiKey route cannot declare project: true/,
    );
    await expect(createTestKernel({ plugins: [withAccess({ auth: 'apiKey', permission: 'ERRORS' })] })).rejects.toThrow(
      /Plugin "confused" route POST \/api\/confused: an apiKey route cannot declare a permission/,
    );
  });
});
