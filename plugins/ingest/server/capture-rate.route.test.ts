import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import { bootIngest, start, startBody, type IngestWorld } from '../testing/ingest-fixture.js';

describe('GET/POST /api/sample_rate (the account capture rate)', () => {
  let w: IngestWorld;
  beforeAll(async () => {
    w = await bootIngest();
  });
  afterAll(async () => w?.t.close());

  const newProject = async (name: string) => {
    const created = await w.t.request('POST', '/api/projects', { token: w.owner.token, body: { name, host: 'site.example.test' } });
    expect(created.status).toBe(200);
    return created.body.data as { id: number; projectKey: string };
  };
  const storedSessions = async (projectId: number) => {
    const db = w.t.kernel.resolve(coreServices.database);
    return (await db.sql<{ id: string }>(sql`select id from ingest_sessions where project_id = ${projectId}`)).length;
  };

  it('answers the default of a new account: rate 0 (spec part 2 §9) with capture all on', async () => {
    const member = await w.t.createMember(w.tenantId);
    const res = await w.t.request('GET', '/api/sample_rate', { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ rate: 0, captureAll: true });
  });

  it('lets an admin change it field by field, per organization', async () => {
    const saved = await w.t.request('POST', '/api/sample_rate', { token: w.owner.token, body: { rate: 25 } });
    expect(saved.body.data).toEqual({ rate: 25, captureAll: true });
    const off = await w.t.request('POST', '/api/sample_rate', { token: w.owner.token, body: { captureAll: false } });
    expect(off.body.data).toEqual({ rate: 25, captureAll: false });
    expect((await w.t.request('GET', '/api/sample_rate', { token: w.owner.token })).body.data).toEqual({ rate: 25, captureAll: false });

    const other = await w.t.createTenant('Other org');
    expect((await w.t.request('GET', '/api/sample_rate', { token: other.owner.token })).body.data).toEqual({ rate: 0, captureAll: true });
    await w.t.request('POST', '/api/sample_rate', { token: w.owner.token, body: { rate: 100, captureAll: true } });
  });

  it('refuses members and bad rates with a readable 4xx, changing nothing', async () => {
    const member = await w.t.createMember(w.tenantId);
    expect((await w.t.request('POST', '/api/sample_rate', { token: member.token, body: { rate: 10 } })).status).toBe(403);
    for (const body of [{ rate: 101 }, { rate: -1 }, { rate: 12.5 }, { rate: 'all' }, { captureAll: 'yes' }]) {
      const res = await w.t.request('POST', '/api/sample_rate', { token: w.owner.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0]).toEqual(expect.any(String));
    }
    expect((await w.t.request('GET', '/api/sample_rate', { token: w.owner.token })).body.data).toEqual({ rate: 100, captureAll: true });
  });

  it("is enforced at session start for projects without a rate of their own; a project's own rate wins", async () => {
    const following = await newProject('Follows the account');
    const own = await newProject('Keeps its own rate');
    await w.t.request('POST', `/api/${own.id}/gdpr`, { token: w.owner.token, body: { sampleRate: 100 } });
    await w.t.request('POST', '/api/sample_rate', { token: w.owner.token, body: { rate: 0, captureAll: false } });

    const refused = await start(w.t, startBody(following.projectKey));
    expect(refused.body.data).toEqual({ sampled: false, reason: "This project follows the account's capture rate and records 0% of sessions; this one was not sampled." });
    expect(await storedSessions(following.id)).toBe(0);
    expect((await start(w.t, startBody(own.projectKey))).body.data.sampled).toBe(true);

    // Capture all records everything whatever the rate says.
    await w.t.request('POST', '/api/sample_rate', { token: w.owner.token, body: { captureAll: true } });
    expect((await start(w.t, startBody(following.projectKey))).body.data.sampled).toBe(true);

    // The project's own 0 wins over the account's capture all; "account" hands it back.
    await w.t.request('POST', `/api/${own.id}/gdpr`, { token: w.owner.token, body: { sampleRate: 0 } });
    expect((await start(w.t, startBody(own.projectKey))).body.data).toMatchObject({ sampled: false, reason: expect.stringContaining('This project records 0%') });
    await w.t.request('POST', `/api/${own.id}/gdpr`, { token: w.owner.token, body: { sampleRate: 'account' } });
    expect((await start(w.t, startBody(own.projectKey))).body.data.sampled).toBe(true);
  });
});
