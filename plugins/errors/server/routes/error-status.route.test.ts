import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import { decodedBatch, ingestSession } from '@cassette/plugin-ingest/testing';
import { sql } from '@cassette/plugin-sdk/server';
import { checkoutStack, createErrorsTestKernel, errorEvent, type ErrorsTestKernel } from '../../testing/errors-test-kernel.js';

describe('error status and bookmark routes', () => {
  let t: ErrorsTestKernel;
  let projectId: number;
  let tenantId: number;
  let owner: TestUser;
  let errorId: string;

  beforeAll(async () => {
    t = await createErrorsTestKernel();
    ({ projectId, tenantId, owner } = await t.createTenant());
    const s = ingestSession(projectId, tenantId);
    await t.batch(s, decodedBatch(s, 0, [errorEvent(s.startedAt + 1, { stack: checkoutStack('statusChanging') })]));
    errorId = (await t.sql<{ error_id: string }>(sql`select error_id from errors_occurrences where session_id = ${s.sessionId}`))[0]!.error_id;
  });
  afterAll(async () => t?.close());

  const call = (action: string, token = owner.token, id = errorId, project = projectId) => t.request('GET', `/api/${project}/errors/${id}/${action}`, { token });
  const stored = async () => (await t.sql<{ status: string; status_changed_at: Date | null }>(sql`select status, status_changed_at from errors_errors where error_id = ${errorId}`))[0]!;

  it('resolves, ignores and unresolves, skipping a change to the status it already has', async () => {
    expect((await call('unsolve')).body.data).toEqual({ errorId, status: 'unresolved', changed: false });
    expect((await stored()).status_changed_at).toBeNull();

    expect((await call('solve')).body.data).toEqual({ errorId, status: 'resolved', changed: true });
    const resolvedAt = (await stored()).status_changed_at;
    expect(resolvedAt).not.toBeNull();
    expect((await call('solve')).body.data).toEqual({ errorId, status: 'resolved', changed: false });
    expect((await stored()).status_changed_at).toEqual(resolvedAt);

    expect((await call('ignore')).body.data).toEqual({ errorId, status: 'ignored', changed: true });
    expect((await call('ignore')).body.data.changed).toBe(false);
    expect((await call('unsolve')).body.data).toEqual({ errorId, status: 'unresolved', changed: true });
    expect((await stored()).status).toBe('unresolved');
  });

  it("toggles the caller's bookmark", async () => {
    expect((await call('favorite')).body.data).toEqual({ favorite: true });
    const member = await t.createMember(tenantId, { permissions: ['ERRORS'] });
    expect((await call('favorite', member.token)).body.data).toEqual({ favorite: true });
    expect((await call('favorite')).body.data).toEqual({ favorite: false });
    expect(await t.sql<{ user_id: number }>(sql`select user_id from errors_favorites where error_id = ${errorId}`)).toEqual([{ user_id: member.id }]);
  });

  it("answers 404 for unknown ids and another project's errors and changes nothing there; 403 without Errors", async () => {
    const other = await t.createTenant();
    for (const action of ['solve', 'unsolve', 'ignore', 'favorite']) {
      expect((await call(action, owner.token, 'unknown-id')).status, action).toBe(404);
      const foreign = await call(action, other.owner.token, errorId, other.projectId);
      expect(foreign.status, action).toBe(404);
      expect(foreign.body.errors).toEqual(['Error not found']);
    }
    expect((await stored()).status).toBe('unresolved');
    expect(await t.sql(sql`select 1 from errors_favorites where user_id = ${other.owner.id}`)).toEqual([]);
    const lacking = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
    for (const action of ['solve', 'unsolve', 'ignore', 'favorite']) expect((await call(action, lacking.token)).status, action).toBe(403);
    expect((await stored()).status).toBe('unresolved');
  });
});
