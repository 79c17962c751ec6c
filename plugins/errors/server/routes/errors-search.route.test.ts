import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import { decodedBatch, ingestSession } from '@cassette/plugin-ingest/testing';
import { sql } from '@cassette/plugin-sdk/server';
import type { ErrorListItem } from '../../api.js';
import { checkoutStack, createErrorsTestKernel, errorEvent, type ErrorsTestKernel } from '../../testing/errors-test-kernel.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

describe('POST /api/:projectId/errors/search', () => {
  let t: ErrorsTestKernel;
  let projectId: number;
  let tenantId: number;
  let owner: TestUser;
  const ids: Record<string, string> = {};
  const now = Date.now();

  /** One session per entry, each hitting the named bugs at the given ages (ms before now). */
  async function seed(project: number, tenant: number, hits: { fn: string; message?: string; ago: number; user?: string; syntheticRun?: string }[]) {
    for (const hit of hits) {
      const metadata: Record<string, string> = hit.syntheticRun ? { synthetic: hit.syntheticRun } : {};
      const s = ingestSession(project, tenant, { startedAt: now - hit.ago - MINUTE, userId: hit.user ?? null, metadata });
      await t.batch(s, decodedBatch(s, 0, [errorEvent(now - hit.ago, { message: hit.message ?? `Failure in ${hit.fn}`, stack: checkoutStack(hit.fn) })], { receivedAt: now - hit.ago }));
      const [row] = await t.sql<{ error_id: string }>(sql`select error_id from errors_occurrences where session_id = ${s.sessionId}`);
      ids[hit.fn] = row!.error_id;
    }
  }

  beforeAll(async () => {
    t = await createErrorsTestKernel();
    ({ projectId, tenantId, owner } = await t.createTenant());
    await seed(projectId, tenantId, [
      // "often": 3 occurrences, 2 users, 3 sessions; the oldest first occurrence.
      { fn: 'often', ago: 20 * DAY, user: 'ada' },
      { fn: 'often', ago: 2 * DAY, user: 'ada' },
      { fn: 'often', ago: 3 * MINUTE, user: 'bob' },
      { fn: 'recent', ago: 1 * MINUTE, message: 'Price is 100% wrong_ish' },
      { fn: 'old', ago: 40 * DAY },
      { fn: 'resolvedOne', ago: 10 * MINUTE },
      { fn: 'ignoredOne', ago: 10 * MINUTE },
    ]);
    await t.request('GET', `/api/${projectId}/errors/${ids.resolvedOne}/solve`, { token: owner.token });
    await t.request('GET', `/api/${projectId}/errors/${ids.ignoredOne}/ignore`, { token: owner.token });
  });
  afterAll(async () => t?.close());

  const search = (body: Record<string, unknown> = {}, token = owner.token, query = '') => t.request('POST', `/api/${projectId}/errors/search${query}`, { token, body });
  const names = (res: { body: { data: { errors: ErrorListItem[] } } }) => res.body.data.errors.map((e) => Object.keys(ids).find((k) => ids[k] === e.errorId));

  it('lists unresolved groups by last occurrence, newest first, with counts, first frame and a 30-day chart', async () => {
    const res = await search();
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(3);
    expect(names(res)).toEqual(['recent', 'often', 'old']);
    const often = res.body.data.errors[1] as ErrorListItem;
    expect(often).toMatchObject({
      errorId: ids.often,
      source: 'js_exception',
      name: 'TypeError',
      message: 'Failure in often',
      status: 'unresolved',
      users: 2,
      sessions: 3,
      occurrences: 3,
      firstFrame: 'often (/assets/app.3f9a1c2b.js:120:33)',
      favorite: false,
      viewed: false,
    });
    expect(often.firstOccurrence).toBe(now - 20 * DAY);
    expect(often.lastOccurrence).toBe(now - 3 * MINUTE);
    expect(often.chart).toHaveLength(30);
    expect(often.chart.reduce((sum, p) => sum + p.count, 0)).toBe(3);
    expect(often.chart.at(-1)!.timestamp).toBe(Math.floor(now / DAY) * DAY);
    expect(often.chart[1]!.timestamp - often.chart[0]!.timestamp).toBe(DAY);
    // Older than 30 days: outside the chart.
    expect((res.body.data.errors[2] as ErrorListItem).chart.every((p) => p.count === 0)).toBe(true);
  });

  it('filters by status', async () => {
    expect(names(await search({ status: 'resolved' }))).toEqual(['resolvedOne']);
    expect(names(await search({ status: 'ignored' }))).toEqual(['ignoredOne']);
    const all = await search({ status: 'all' });
    expect(all.body.data.total).toBe(5);
  });

  it('sorts by each key in both orders, ties broken by id', async () => {
    expect(names(await search({ sort: 'lastOccurrence', order: 'asc' }))).toEqual(['old', 'often', 'recent']);
    expect(names(await search({ sort: 'firstOccurrence', order: 'desc' }))).toEqual(['recent', 'often', 'old']);
    expect(names(await search({ sort: 'occurrences' }))[0]).toBe('often');
    expect(names(await search({ sort: 'users' }))[0]).toBe('often');
    const bySessionsAsc = await search({ sort: 'sessions', order: 'asc' });
    expect(names(bySessionsAsc).at(-1)).toBe('often');
    const tied = bySessionsAsc.body.data.errors.slice(0, 2).map((e: ErrorListItem) => e.errorId);
    expect(tied).toEqual([...tied].sort());
  });

  it('pages', async () => {
    const first = await search({ limit: 2, page: 1 });
    const second = await search({ limit: 2, page: 2 });
    expect(first.body.data.total).toBe(3);
    expect(names(first)).toEqual(['recent', 'often']);
    expect(names(second)).toEqual(['old']);
    expect((await search({ page: 9 })).body.data).toEqual({ total: 3, errors: [] });
  });

  it('searches name, message and first frame, case-insensitively, with % and _ taken literally', async () => {
    expect(names(await search({ query: 'FAILURE IN OFT' }))).toEqual(['often']);
    expect(names(await search({ query: 'often (/assets' }))).toEqual(['often']);
    expect(names(await search({ query: 'typeerror', status: 'all' }))).toHaveLength(5);
    expect(names(await search({ query: '100% wrong_' }))).toEqual(['recent']);
    expect(names(await search({ query: '1%w' }))).toEqual([]);
    expect(names(await search({ query: 'wrong_i' }))).toEqual(['recent']);
    expect(names(await search({ query: 'wrong_x' }))).toEqual([]);
  });

  it('keeps to errors with an occurrence in the date range', async () => {
    expect(names(await search({ startDate: now - 5 * DAY, endDate: now - 1 * DAY }))).toEqual(['often']);
    expect(names(await search({ startDate: now - 5 * MINUTE }))).toEqual(['recent', 'often']);
    const bad = await search({ startDate: now, endDate: now - DAY });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(['startDate must not be after endDate']);
  });

  it("shows the caller's bookmarks with bookmarked or ?favorite, and marks favorite and viewed per caller", async () => {
    await t.request('GET', `/api/${projectId}/errors/${ids.old}/favorite`, { token: owner.token });
    await t.request('GET', `/api/${projectId}/errors/${ids.recent}`, { token: owner.token });
    expect(names(await search({ bookmarked: true }))).toEqual(['old']);
    expect(names(await search({}, owner.token, '?favorite'))).toEqual(['old']);
    expect(names(await search({}, owner.token, '?favorite=true'))).toEqual(['old']);
    const listed = (await search()).body.data.errors as ErrorListItem[];
    expect(listed.map((e) => [e.favorite, e.viewed])).toEqual([
      [false, true],
      [false, false],
      [true, false],
    ]);
    const member = await t.createMember(tenantId, { permissions: ['ERRORS'] });
    expect(names(await search({ bookmarked: true }, member.token))).toEqual([]);
    expect(((await search({}, member.token)).body.data.errors as ErrorListItem[]).every((e) => !e.favorite && !e.viewed)).toBe(true);
  });

  it('marks errors seen in synthetic test runs, and includes, excludes or keeps to them with the synthetic filter', async () => {
    const { projectId: p, tenantId: tid, owner: o } = await t.createTenant();
    await seed(p, tid, [
      { fn: 'syntheticOnly', ago: 3 * DAY, syntheticRun: 'run-1' },
      { fn: 'syntheticOnly', ago: 1 * MINUTE, syntheticRun: 'run-2' },
      { fn: 'mixed', ago: 2 * DAY },
      { fn: 'mixed', ago: 2 * MINUTE, syntheticRun: 'run-2' },
      { fn: 'realOnly', ago: 4 * MINUTE },
    ]);
    const list = async (body: Record<string, unknown>) => {
      const res = await t.request('POST', `/api/${p}/errors/search`, { token: o.token, body });
      expect(res.status).toBe(200);
      return res;
    };
    const everything = (await list({})).body.data.errors as ErrorListItem[];
    const nameOf = (errorId: string) => Object.keys(ids).find((k) => ids[k] === errorId);
    expect(everything.map((e) => [nameOf(e.errorId), e.occurrences, e.syntheticOccurrences, e.synthetic])).toEqual([
      ['syntheticOnly', 2, 2, true],
      ['mixed', 2, 1, false],
      ['realOnly', 1, 0, false],
    ]);
    expect(names(await list({ synthetic: 'include' }))).toEqual(['syntheticOnly', 'mixed', 'realOnly']);
    const excluded = await list({ synthetic: 'exclude' });
    expect(names(excluded)).toEqual(['mixed', 'realOnly']);
    expect(excluded.body.data.total).toBe(2);
    const only = await list({ synthetic: 'only' });
    expect(names(only)).toEqual(['syntheticOnly', 'mixed']);
    expect(only.body.data.total).toBe(2);
    // Within a date range, what happened there decides.
    expect(names(await list({ synthetic: 'exclude', startDate: now - 10 * MINUTE }))).toEqual(['realOnly']);
    expect(names(await list({ synthetic: 'only', endDate: now - DAY }))).toEqual(['syntheticOnly']);
  });

  it('leaves merged errors out', async () => {
    const { projectId: p, tenantId: tid, owner: o } = await t.createTenant();
    await seed(p, tid, [
      { fn: 'keptOne', ago: 5 * MINUTE },
      { fn: 'mergedOne', ago: 6 * MINUTE },
    ]);
    expect((await t.request('POST', `/api/${p}/errors/merge`, { token: o.token, body: { errors: [ids.keptOne, ids.mergedOne] } })).status).toBe(200);
    const res = await t.request('POST', `/api/${p}/errors/search`, { token: o.token, body: {} });
    expect(res.body.data.errors.map((e: ErrorListItem) => [e.errorId, e.occurrences])).toEqual([[ids.keptOne, 2]]);
  });

  it('refuses bad input with a message saying what to send', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ sort: 'name' }, 'sort must be one of: lastOccurrence, firstOccurrence, users, sessions, occurrences'],
      [{ status: 'open' }, 'status must be one of: unresolved, resolved, ignored, all'],
      [{ order: 'up' }, 'order must be one of: asc, desc'],
      [{ page: 0 }, 'page must be at least 1'],
      [{ limit: 201 }, 'limit must be at most 200'],
      [{ page: 'two' }, 'page must be a integer'],
      [{ query: 'x'.repeat(201) }, 'query must be at most 200 characters'],
      [{ synthetic: 'hide' }, 'synthetic must be one of: include, exclude, only'],
      [{ synthetic: true }, 'synthetic must be a string'],
    ];
    for (const [body, message] of cases) {
      const res = await search(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors, JSON.stringify(body)).toContain(message);
    }
  });

  it("answers only the project's own errors, and only to callers holding Errors", async () => {
    const other = await t.createTenant();
    const res = await t.request('POST', `/api/${other.projectId}/errors/search`, { token: other.owner.token, body: { status: 'all' } });
    expect(res.body.data).toEqual({ total: 0, errors: [] });
    expect((await t.request('POST', `/api/${projectId}/errors/search`, { token: other.owner.token, body: {} })).status).toBe(404);
    const lacking = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
    expect((await search({}, lacking.token)).status).toBe(403);
  });
});
