import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import { bootIngest, start, startBody, type IngestWorld } from '../testing/ingest-fixture.js';

const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('POST /api/ingest/v1/start', () => {
  let w: IngestWorld;
  beforeAll(async () => {
    w = await bootIngest();
  });
  afterAll(async () => w?.t.close());

  const sessionRow = async (id: string) => {
    const db = w.t.kernel.resolve(coreServices.database);
    const [row] = await db.sql<{ info: any; project_id: number; tenant_id: number }>(sql`select info, project_id, tenant_id from ingest_sessions where id = ${id}`);
    return row ? { ...row, info: typeof row.info === 'string' ? JSON.parse(row.info) : row.info } : undefined;
  };

  it('starts a session: id, token, clock, config from the project settings; the project turns green', async () => {
    const before = Date.now();
    const res = await start(w.t, startBody(w.projectKey, { userId: 'jane@example.test', userUuid: '2b6f0cc9-4a1e-4b7e-9d2c-5f3a8e1d7c40', metadata: { plan: 'pro' }, timestamp: before - 5000 }), {}, '8.8.8.8');
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['set-cookie']).toBeUndefined();
    const data = res.body.data;
    expect(data).toMatchObject({
      sampled: true,
      resumed: false,
      nextSeq: 0,
      config: { defaultInputMode: 'plain', maskEmails: true, maskNumbers: false, captureNetworkPayloads: false, maxBatchBytes: 1024 * 1024, maxBatchEvents: 10_000, flushIntervalMs: 10_000, canvasFps: 2 },
    });
    expect(data.sessionId).toMatch(/^\d{19}$/);
    expect(Number(data.sessionId.slice(0, 13))).toBeGreaterThanOrEqual(before);
    expect(typeof data.token).toBe('string');
    expect(data.tokenExpiresAt - data.serverTime).toBe(24 * 3600_000);
    expect(Math.abs(data.serverTime - Date.now())).toBeLessThan(5000);

    const row = await sessionRow(data.sessionId);
    expect(row?.project_id).toBe(w.projectId);
    expect(row?.tenant_id).toBe(w.tenantId);
    expect(row?.info).toMatchObject({ browser: 'Chrome', browserVersion: '126.0.0.0', os: 'Windows', osVersion: '10', deviceType: 'desktop', country: 'US', userId: 'jane@example.test', userUuid: '2b6f0cc9-4a1e-4b7e-9d2c-5f3a8e1d7c40', metadata: { plan: 'pro' }, url: 'https://shop.example.test/' });

    const project = await w.t.request('GET', `/api/projects/${w.projectId}`, { token: w.owner.token });
    // The project's trackerVersion is the one the latest session start reported.
    expect(project.body.data).toMatchObject({ recorded: true, status: 'green', trackerVersion: '1.0.0' });
    const boarding = await w.t.request('GET', '/api/boarding', { token: w.owner.token });
    const done = Object.fromEntries(boarding.body.data.map((task: { task: string; done: boolean }) => [task.task, task.done]));
    expect(done).toMatchObject({ 'Install the product': true, 'Identify Users': true });
  });

  it('parses a phone user agent; private addresses have no country', async () => {
    const res = await start(w.t, startBody(w.projectKey), { 'user-agent': IPHONE_UA }, '192.168.1.20');
    const row = await sessionRow(res.body.data.sessionId);
    expect(row?.info).toMatchObject({ browser: 'Mobile Safari', os: 'iOS', deviceType: 'mobile', device: 'Apple iPhone', country: null });
  });

  it('resumes the tab session after a navigation with a valid token, and refuses a forged one', async () => {
    const first = (await start(w.t, startBody(w.projectKey))).body.data;
    const again = await start(w.t, startBody(w.projectKey, { resume: { sessionId: first.sessionId, token: first.token } }));
    expect(again.body.data).toMatchObject({ sampled: true, resumed: true, sessionId: first.sessionId, nextSeq: 0 });
    expect(again.body.data.token).not.toBe(first.token);

    const other = (await start(w.t, startBody(w.projectKey))).body.data;
    const forged = await start(w.t, startBody(w.projectKey, { resume: { sessionId: first.sessionId, token: other.token } }));
    expect(forged.body.data.resumed).toBe(false);
    expect(forged.body.data.sessionId).not.toBe(first.sessionId);
    const garbage = await start(w.t, startBody(w.projectKey, { resume: { sessionId: first.sessionId, token: 'v1.x.y.z.w' } }));
    expect(garbage.status).toBe(200);
    expect(garbage.body.data.resumed).toBe(false);
  });

  it('does not resume into another project with that project key', async () => {
    const first = (await start(w.t, startBody(w.projectKey))).body.data;
    const created = await w.t.request('POST', '/api/projects', { token: w.owner.token, body: { name: 'Second site', host: 'site.example.test' } });
    const res = await start(w.t, startBody(created.body.data.projectKey, { resume: { sessionId: first.sessionId, token: first.token } }));
    expect(res.body.data.resumed).toBe(false);
  });

  it('answers sampled: false per the project sample rate, and stores nothing', async () => {
    const created = await w.t.request('POST', '/api/projects', { token: w.owner.token, body: { name: 'Unsampled site', host: 'site.example.test' } });
    const id = created.body.data.id;
    await w.t.request('POST', `/api/${id}/gdpr`, { token: w.owner.token, body: { sampleRate: 0 } });
    const res = await start(w.t, startBody(created.body.data.projectKey));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ sampled: false, reason: expect.stringContaining('0%') });
    const db = w.t.kernel.resolve(coreServices.database);
    expect(await db.sql(sql`select id from ingest_sessions where project_id = ${id}`)).toEqual([]);
  });

  it('answers 503 with Retry-After, not 500, when the database fails', async () => {
    const db = w.t.kernel.resolve(coreServices.database);
    // A table the start needs goes missing: every write to it fails as on a broken database.
    await db.sql(sql`alter table ingest_sessions rename to ingest_sessions_away`);
    try {
      const res = await start(w.t, startBody(w.projectKey));
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('10');
      expect(res.body.errors).toEqual(['Sessions cannot be started right now. Retry later.']);
    } finally {
      await db.sql(sql`alter table ingest_sessions_away rename to ingest_sessions`);
    }
    expect((await start(w.t, startBody(w.projectKey))).status).toBe(200);
  });

  it('answers 404 with a readable message for an unknown project key', async () => {
    const res = await start(w.t, startBody('noSuchKey1234567890'));
    expect(res.status).toBe(404);
    expect(res.body.errors[0]).toBe('Unknown project key "noSuchKey1234567890": check the key in Settings > Projects.');
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('refuses bodies outside the protocol with 400 and a message', async () => {
    const long = await start(w.t, startBody(w.projectKey, { url: `https://x.test/${'a'.repeat(2100)}` }));
    expect(long.status).toBe(400);
    expect(long.body.errors.join(' ')).toMatch(/url must be at most 2048 characters/);
    const metadata = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, 'v']));
    expect((await start(w.t, startBody(w.projectKey, { metadata }))).status).toBe(400);
    expect((await start(w.t, { projectKey: w.projectKey })).status).toBe(400);
    expect((await start(w.t, startBody(w.projectKey, { userUuid: '<img src=x>' }))).status).toBe(400);
  });

  it("follows the client's logger options: refuses other addresses and pages with the reason, and masks what they ask", async () => {
    const setOptions = (loggerOptions: Record<string, unknown>) => w.t.request('PUT', '/api/client', { token: w.owner.token, body: { loggerOptions } });
    const saved = await setOptions({ ipWhitelist: ['203.0.113.0/24'], allowedDomains: ['*.example.test'], defaultInputMode: 'hidden', obscureNumericData: true });
    expect(saved.status).toBe(200);
    expect(saved.body.data.loggerOptions).toEqual({ ipWhitelist: ['203.0.113.0/24'], allowedDomains: ['*.example.test'], defaultInputMode: 'hidden', obscureEmailData: false, obscureNumericData: true });
    try {
      const sessions = async () => (await w.t.kernel.resolve(coreServices.database).sql<{ n: number }>(sql`select count(*)::int as n from ingest_sessions`))[0]!.n;
      const before = await sessions();
      const otherAddress = await start(w.t, startBody(w.projectKey), { origin: 'https://shop.example.test' }, '192.0.2.10');
      expect(otherAddress.status).toBe(403);
      expect(otherAddress.body.errors[0]).toMatch(/^Sessions from this address \(192\.0\.2\.10\) are not recorded: it is not in the organization's IP allow-list\./);
      const otherSite = await start(w.t, startBody(w.projectKey, { url: 'https://evil.test/' }), { origin: 'https://evil.test' }, '203.0.113.8');
      expect(otherSite.status).toBe(403);
      expect(otherSite.body.errors[0]).toMatch(/^Pages on evil\.test are not recorded/);
      expect(await sessions()).toBe(before);

      const allowed = await start(w.t, startBody(w.projectKey), { origin: 'https://shop.example.test' }, '203.0.113.8');
      expect(allowed.status).toBe(200);
      // The stricter of the project's settings (plain, e-mails masked) and the client's.
      expect(allowed.body.data.config).toMatchObject({ defaultInputMode: 'hidden', maskEmails: true, maskNumbers: true });
      // Without an Origin header the page address the tracker sent is checked.
      expect((await start(w.t, startBody(w.projectKey), {}, '203.0.113.9')).status).toBe(200);
    } finally {
      const reset = await setOptions({ ipWhitelist: [], allowedDomains: [], defaultInputMode: 'plain', obscureNumericData: false });
      expect(reset.status).toBe(200);
    }
  });

  it('answers CORS preflights for any origin, without credentials', async () => {
    const res = await w.t.kernel.app.inject({ method: 'OPTIONS', url: '/api/ingest/v1/start', headers: { origin: 'https://shop.example.test', 'access-control-request-method': 'POST' } });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('a flood of session starts', () => {
  let w: IngestWorld;
  beforeAll(async () => {
    w = await bootIngest({ settings: { startBurstPerAddress: 3, startsPerSecondPerAddress: 0.01, startBurstPerProject: 5, startsPerSecondPerProject: 0.01 } });
  });
  afterAll(async () => w?.t.close());

  const sessionsStored = async () => {
    const [row] = await w.t.kernel.resolve(coreServices.database).sql<{ n: number }>(sql`select count(*)::int as n from ingest_sessions`);
    return Number(row!.n);
  };

  it('is refused per client address with 429 and Retry-After before anything is stored, while other addresses go on', async () => {
    const flood = [];
    for (let i = 0; i < 6; i++) flood.push(await start(w.t, startBody(w.projectKey), {}, '203.0.113.9'));
    expect(flood.map((r) => r.status)).toEqual([200, 200, 200, 429, 429, 429]);
    expect(Number(flood[3]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(flood[3]!.body.errors).toEqual(['Too many sessions started from this address: wait and retry.']);
    expect(await sessionsStored()).toBe(3);
    expect((await start(w.t, startBody(w.projectKey), {}, '198.51.100.7')).status).toBe(200);
  });

  it('is refused per project key, whatever the addresses', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await start(w.t, startBody(w.projectKey), {}, `192.0.2.${i + 1}`)).status);
    // 4 starts of this project were accepted above; its burst is 5.
    expect(answers).toEqual([200, 429, 429]);
  });
});

