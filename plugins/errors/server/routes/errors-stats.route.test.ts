import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import { decodedBatch, ingestSession } from '@cassette/plugin-ingest/testing';
import { sql } from '@cassette/plugin-sdk/server';
import { checkoutStack, createErrorsTestKernel, errorEvent, type ErrorsTestKernel } from '../../testing/errors-test-kernel.js';

const DAY = 86_400_000;

describe('GET /api/:projectId/errors/stats', () => {
  let t: ErrorsTestKernel;
  let projectId: number;
  let tenantId: number;
  let owner: TestUser;
  const ids: Record<string, string> = {};
  const now = Date.now();

  beforeAll(async () => {
    t = await createErrorsTestKernel();
    ({ projectId, tenantId, owner } = await t.createTenant());
    for (const [fn, ago] of [
      ['fresh', 1 * DAY],
      ['viewedOne', 2 * DAY],
      ['resolvedOne', 3 * DAY],
      ['mergedOne', 4 * DAY],
      ['stale', 8 * DAY],
    ] as const) {
      const s = ingestSession(projectId, tenantId, { startedAt: now - ago - 1000 });
      await t.batch(s, decodedBatch(s, 0, [errorEvent(now - ago, { stack: checkoutStack(fn) })], { receivedAt: now - ago }));
      ids[fn] = (await t.sql<{ error_id: string }>(sql`select error_id from errors_occurrences where session_id = ${s.sessionId}`))[0]!.error_id;
    }
    await t.request('GET', `/api/${projectId}/errors/${ids.viewedOne}`, { token: owner.token });
    await t.request('GET', `/api/${projectId}/errors/${ids.resolvedOne}/solve`, { token: owner.token });
    await t.request('POST', `/api/${projectId}/errors/merge`, { token: owner.token, body: { errors: [ids.stale, ids.mergedOne] } });
  });
  afterAll(async () => t?.close());

  const stats = (query = '', token = owner.token) => t.request('GET', `/api/${projectId}/errors/stats${query}`, { token });

  it("counts unresolved, unmerged errors the caller has not viewed, hit in the last 7 days by default", async () => {
    // fresh; not viewedOne (viewed), resolvedOne (resolved), mergedOne (merged); stale's span now reaches 4 days ago through the merge.
    expect((await stats()).body.data).toEqual({ unresolvedUnviewed: 2 });
    const member = await t.createMember(tenantId, { permissions: ['ERRORS'] });
    expect((await stats('', member.token)).body.data).toEqual({ unresolvedUnviewed: 3 });
  });

  it('takes a range in ms', async () => {
    expect((await stats(`?startTimestamp=${now - 1.5 * DAY}&endTimestamp=${now}`)).body.data).toEqual({ unresolvedUnviewed: 1 });
    expect((await stats(`?startTimestamp=${now - 30 * DAY}&endTimestamp=${now - 7 * DAY}`)).body.data).toEqual({ unresolvedUnviewed: 1 });
    // A group whose span covers the range but with no occurrence inside it does not count.
    expect((await stats(`?startTimestamp=${now - 7 * DAY}&endTimestamp=${now - 5 * DAY}`)).body.data).toEqual({ unresolvedUnviewed: 0 });
  });

  it('refuses a bad range; 403 without Errors; another project counts its own', async () => {
    const bad = await stats(`?startTimestamp=${now}&endTimestamp=${now - DAY}`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(['startTimestamp must not be after endTimestamp']);
    expect((await stats('?startTimestamp=yesterday')).status).toBe(400);
    const lacking = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
    expect((await stats('', lacking.token)).status).toBe(403);
    const other = await t.createTenant();
    expect((await t.request('GET', `/api/${other.projectId}/errors/stats`, { token: other.owner.token })).body.data).toEqual({ unresolvedUnviewed: 0 });
  });
});
