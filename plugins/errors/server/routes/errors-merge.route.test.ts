import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import { decodedBatch, ingestSession } from '@cassette/plugin-ingest/testing';
import { sql } from '@cassette/plugin-sdk/server';
import { checkoutStack, createErrorsTestKernel, errorEvent, type ErrorsTestKernel } from '../../testing/errors-test-kernel.js';

const MINUTE = 60_000;

describe('POST /api/:projectId/errors/merge', () => {
  let t: ErrorsTestKernel;
  let projectId: number;
  let tenantId: number;
  let owner: TestUser;
  const now = Date.now();

  beforeAll(async () => {
    t = await createErrorsTestKernel();
    ({ projectId, tenantId, owner } = await t.createTenant());
  });
  afterAll(async () => t?.close());

  /** A new group hit once, `ago` ms before now; answers its id. */
  async function newError(fn: string, ago: number, project = projectId, tenant = tenantId): Promise<string> {
    const s = ingestSession(project, tenant, { startedAt: now - ago - MINUTE });
    await t.batch(s, decodedBatch(s, 0, [errorEvent(now - ago, { stack: checkoutStack(fn) })], { receivedAt: now - ago }));
    return (await t.sql<{ error_id: string }>(sql`select error_id from errors_occurrences where session_id = ${s.sessionId}`))[0]!.error_id;
  }
  const merge = (errors: unknown, token = owner.token, project = projectId) => t.request('POST', `/api/${project}/errors/merge`, { token, body: { errors } });
  const group = async (id: string) =>
    (await t.sql<{ parent_error_id: string | null; first_occurrence_at: Date; last_occurrence_at: Date }>(sql`select * from errors_errors where error_id = ${id}`))[0]!;

  it('keeps the first: the others point at it, their occurrences and future ones move to it, its span widens', async () => {
    const kept = await newError('keptFn', 10 * MINUTE);
    const older = await newError('olderFn', 50 * MINUTE);
    const newer = await newError('newerFn', 1 * MINUTE);
    const res = await merge([kept, older, newer]);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ errorId: kept, merged: [older, newer] });
    expect((await group(older)).parent_error_id).toBe(kept);
    expect((await group(newer)).parent_error_id).toBe(kept);
    const span = await group(kept);
    expect(new Date(span.first_occurrence_at).getTime()).toBe(now - 50 * MINUTE);
    expect(new Date(span.last_occurrence_at).getTime()).toBe(now - MINUTE);
    expect(await t.sql(sql`select distinct error_id from errors_occurrences where error_id in (${[kept, older, newer]})`)).toEqual([{ error_id: kept }]);

    // The merged bug happens again: it counts for the kept group.
    const s = ingestSession(projectId, tenantId);
    await t.batch(s, decodedBatch(s, 0, [errorEvent(Date.now(), { stack: checkoutStack('olderFn') })]));
    expect((await t.sql<{ error_id: string }>(sql`select error_id from errors_occurrences where session_id = ${s.sessionId}`))[0]!.error_id).toBe(kept);
    const detail = await t.request('GET', `/api/${projectId}/errors/${kept}`, { token: owner.token });
    expect(detail.body.data).toMatchObject({ occurrences: 4, mergedErrorIds: [older, newer].sort() });
  });

  it('carries groups merged earlier along to the new parent', async () => {
    const a = await newError('chainA', MINUTE);
    const b = await newError('chainB', MINUTE);
    const c = await newError('chainC', MINUTE);
    expect((await merge([b, c])).status).toBe(200);
    expect((await merge([a, b])).status).toBe(200);
    expect((await group(c)).parent_error_id).toBe(a);
  });

  it('refuses fewer than 2, more than 50, repeated, malformed, unknown and already merged ids, changing nothing', async () => {
    const a = await newError('refusedA', MINUTE);
    const b = await newError('refusedB', MINUTE);
    const c = await newError('refusedC', MINUTE);
    await merge([b, c]);
    const cases: [unknown, number, string][] = [
      [[a], 400, 'Choose at least 2 errors to merge'],
      [[], 400, 'Choose at least 2 errors to merge'],
      [Array.from({ length: 51 }, (_, i) => `id${i}`), 400, 'errors must have at most 50 items'],
      [[a, a], 400, `Each error may be listed once; ${a} is listed twice`],
      [[a, 'bad id!'], 400, 'errors.1 has an invalid format'],
      [[a, 'no-such-error'], 404, 'Error not found: no-such-error'],
      [[a, c], 400, `Error ${c} is already merged into ${b}; merge into that one instead`],
      ['x', 400, 'errors must be a array'],
    ];
    for (const [errors, status, message] of cases) {
      const res = await merge(errors);
      expect(res.status, JSON.stringify(errors)).toBe(status);
      expect(res.body.errors, JSON.stringify(errors)).toContain(message);
    }
    expect((await group(a)).parent_error_id).toBeNull();
    expect((await group(c)).parent_error_id).toBe(b);
  });

  it("answers 404 for another project's errors and 403 without Errors", async () => {
    const mine = await newError('mineFn', MINUTE);
    const other = await t.createTenant();
    const theirs = await newError('theirsFn', MINUTE, other.projectId, other.tenantId);
    expect((await merge([mine, theirs])).status).toBe(404);
    expect((await merge([theirs, mine], other.owner.token, other.projectId)).status).toBe(404);
    expect((await group(theirs)).parent_error_id).toBeNull();
    const lacking = await t.createMember(tenantId, { permissions: ['METRICS'] });
    expect((await merge([mine, await newError('mineToo', MINUTE)], lacking.token)).status).toBe(403);
  });
});
