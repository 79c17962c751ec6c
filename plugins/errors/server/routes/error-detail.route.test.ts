import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import { decodedBatch, ingestSession } from '@cassette/plugin-ingest/testing';
import { sql } from '@cassette/plugin-sdk/server';
import type { ErrorDetail, ErrorSessionItem } from '../../api.js';
import { checkoutStack, createErrorsTestKernel, errorEvent, type ErrorsTestKernel } from '../../testing/errors-test-kernel.js';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

describe('GET /api/:projectId/errors/:errorId and /sessions', () => {
  let t: ErrorsTestKernel;
  let projectId: number;
  let tenantId: number;
  let owner: TestUser;
  let errorId: string;
  const now = Date.now();
  const browsers = ['Chrome', 'Chrome', 'Chrome', 'Firefox', 'Firefox', 'Safari', 'Edge', 'Opera', 'Brave', 'Vivaldi'];
  const sessionIds: string[] = [];

  beforeAll(async () => {
    t = await createErrorsTestKernel();
    ({ projectId, tenantId, owner } = await t.createTenant());
    // Ten sessions hours apart, oldest first (a synthetic test run); the newest hits the error twice, on release rev-9.
    for (const [i, browser] of browsers.entries()) {
      const at = now - (browsers.length - i) * HOUR;
      const s = ingestSession(projectId, tenantId, { startedAt: at - MINUTE, browser, revId: `rev-${i}`, userId: i < 5 ? `user-${i % 2}` : null, country: i % 2 ? 'DE' : 'FR', metadata: i === 0 ? { synthetic: 'run-7' } : {} });
      const events = [errorEvent(at, { message: `Failure ${i}`, stack: checkoutStack('detailed', 100 + i) })];
      if (i === browsers.length - 1) events.push({ type: 'page', ts: at + 1, url: 'https://shop.example.test/pay', referrer: '', title: 'Pay' }, errorEvent(at + 2, { message: 'Failure 10', stack: checkoutStack('detailed', 999) }));
      await t.batch(s, decodedBatch(s, 0, events, { receivedAt: at }));
      sessionIds.push(s.sessionId);
    }
    errorId = (await t.sql<{ error_id: string }>(sql`select error_id from errors_occurrences where session_id = ${sessionIds[0]}`))[0]!.error_id;
  });
  afterAll(async () => t?.close());

  const detail = (id = errorId, token = owner.token, project = projectId) => t.request('GET', `/api/${project}/errors/${id}`, { token });

  it('answers the group with counts, charts, tags, newest sessions, releases and the latest stack', async () => {
    const res = await detail();
    expect(res.status).toBe(200);
    const d = res.body.data as ErrorDetail;
    expect(d).toMatchObject({ errorId, status: 'unresolved', name: 'TypeError', occurrences: 11, sessions: 10, users: 7, viewed: true, favorite: false, mergedErrorIds: [] });
    // One of eleven occurrences came from a synthetic run: not a synthetic error.
    expect(d).toMatchObject({ syntheticOccurrences: 1, synthetic: false });
    expect(d.message).toBe('Failure 10');
    expect(d.stack).toBe(checkoutStack('detailed', 999));
    expect(d.firstFrame).toBe('detailed (/assets/app.3f9a1c2b.js:999:33)');

    expect(d.chart24).toHaveLength(24);
    expect(d.chart24.at(-1)!.timestamp).toBe(Math.floor(now / HOUR) * HOUR);
    expect(d.chart24.reduce((sum, p) => sum + p.count, 0)).toBe(11);
    expect(d.chart30).toHaveLength(30);
    expect(d.chart30.at(-1)!.timestamp).toBe(Math.floor(now / DAY) * DAY);
    expect(d.chart30.reduce((sum, p) => sum + p.count, 0)).toBe(11);

    const browser = d.tags.find((tag) => tag.name === 'browser')!;
    expect(browser.values).toEqual([
      { value: 'Chrome', count: 3, percentage: 27.3 },
      { value: 'Firefox', count: 2, percentage: 18.2 },
      { value: 'Vivaldi', count: 2, percentage: 18.2 },
      { value: 'Brave', count: 1, percentage: 9.1 },
      { value: 'Edge', count: 1, percentage: 9.1 },
    ]);
    expect(browser.others).toBe(2);
    expect(d.tags.map((tag) => tag.name)).toEqual(['browser', 'os', 'device', 'country', 'url']);
    expect(d.tags.find((tag) => tag.name === 'url')!.values).toEqual([
      { value: 'https://shop.example.test/products', count: 10, percentage: 90.9 },
      { value: 'https://shop.example.test/pay', count: 1, percentage: 9.1 },
    ]);

    expect(d.sessions10.map((s) => s.sessionId)).toEqual([...sessionIds].reverse());
    const newest = d.sessions10[0] as ErrorSessionItem;
    expect(newest).toMatchObject({ sessionId: sessionIds[9], occurrences: 2, browser: 'Vivaldi', os: 'Linux', device: 'desktop', country: 'DE', release: 'rev-9', url: 'https://shop.example.test/products' });
    expect(newest.errorTimestamp).toBe(now - HOUR);
    expect(d.sessions10[9]).toMatchObject({ userId: 'user-0', occurrences: 1 });
    expect(d.lastHydratedSession).toEqual(newest);
    expect(d.releases).toEqual(['rev-9', 'rev-8', 'rev-7', 'rev-6', 'rev-5', 'rev-4', 'rev-3', 'rev-2', 'rev-1', 'rev-0']);
  });

  it('marks the group viewed for the caller only', async () => {
    const member = await t.createMember(tenantId, { permissions: ['ERRORS'] });
    const listed = async (token: string) => (await t.request('POST', `/api/${projectId}/errors/search`, { token, body: {} })).body.data.errors[0].viewed;
    await detail();
    expect(await listed(owner.token)).toBe(true);
    expect(await listed(member.token)).toBe(false);
  });

  it('pages the sessions that hit it', async () => {
    const page = (query: string) => t.request('GET', `/api/${projectId}/errors/${errorId}/sessions${query}`, { token: owner.token });
    const first = await page('?limit=4');
    expect(first.body.data.total).toBe(10);
    expect(first.body.data.sessions.map((s: ErrorSessionItem) => s.sessionId)).toEqual([...sessionIds].reverse().slice(0, 4));
    const third = await page('?limit=4&page=3');
    expect(third.body.data.sessions.map((s: ErrorSessionItem) => s.sessionId)).toEqual([sessionIds[1], sessionIds[0]]);
    expect((await page('?limit=0')).status).toBe(400);
    expect((await page('?page=x')).status).toBe(400);
    expect((await t.request('GET', `/api/${projectId}/errors/nope/sessions`, { token: owner.token })).status).toBe(404);
  });

  it('answers a merged group with its parent and the parent with its merged ids', async () => {
    const s = ingestSession(projectId, tenantId);
    await t.batch(s, decodedBatch(s, 0, [errorEvent(now - MINUTE, { name: 'RangeError', stack: checkoutStack('mergedAway') })]));
    const other = (await t.sql<{ error_id: string }>(sql`select error_id from errors_occurrences where session_id = ${s.sessionId}`))[0]!.error_id;
    expect((await t.request('POST', `/api/${projectId}/errors/merge`, { token: owner.token, body: { errors: [errorId, other] } })).status).toBe(200);
    expect((await detail(other)).body.data).toMatchObject({ errorId: other, parentErrorId: errorId, occurrences: 0 });
    expect((await detail()).body.data).toMatchObject({ mergedErrorIds: [other], occurrences: 12 });
  });

  it("answers 404 for unknown ids and another project's errors, 403 without Errors, 400 for a malformed id", async () => {
    expect((await detail('0123456789abcdef01234567')).status).toBe(404);
    const other = await t.createTenant();
    const foreign = await detail(errorId, other.owner.token, other.projectId);
    expect(foreign.status).toBe(404);
    expect(foreign.body.errors).toEqual(['Error not found']);
    expect((await t.request('GET', `/api/${other.projectId}/errors/${errorId}/sessions`, { token: other.owner.token })).status).toBe(404);
    expect(await t.sql(sql`select 1 from errors_viewed where user_id = ${other.owner.id}`)).toEqual([]);
    const lacking = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY', 'DEV_TOOLS'] });
    expect((await detail(errorId, lacking.token)).status).toBe(403);
    expect((await detail('bad id!')).status).toBe(400);
  });
});
