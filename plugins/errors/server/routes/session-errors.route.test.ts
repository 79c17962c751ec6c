import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import { decodedBatch, ingestSession } from '@cassette/plugin-ingest/testing';
import { checkoutStack, createErrorsTestKernel, errorEvent, type ErrorsTestKernel } from '../../testing/errors-test-kernel.js';

describe('GET /api/:projectId/sessions2/:sessionId/errors', () => {
  let t: ErrorsTestKernel;
  let projectId: number;
  let tenantId: number;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createErrorsTestKernel();
    ({ projectId, tenantId, owner } = await t.createTenant());
  });
  afterAll(async () => t?.close());

  const list = (sessionId: string, token = owner.token, project = projectId) => t.request('GET', `/api/${project}/sessions2/${sessionId}/errors`, { token });

  it("answers the session's occurrences in time order, keyed seq:idx like the session's errors, with their group and status", async () => {
    const s = ingestSession(projectId, tenantId);
    await t.started(s);
    await t.batch(s, decodedBatch(s, 0, [{ type: 'click', ts: s.startedAt + 1, selector: 'a', label: 'A' }, errorEvent(s.startedAt + 2, { stack: checkoutStack('first') })]));
    await t.batch(s, decodedBatch(s, 1, [errorEvent(s.startedAt + 70_000, { stack: checkoutStack('second') }), errorEvent(s.startedAt + 70_001, { stack: checkoutStack('first') })]));
    const res = await list(s.sessionId);
    expect(res.status).toBe(200);
    const [a, b, c] = res.body.data;
    expect(res.body.data.map((o: { key: string; timestamp: number }) => [o.key, o.timestamp])).toEqual([
      ['0:1', s.startedAt + 2],
      ['1:0', s.startedAt + 70_000],
      ['1:1', s.startedAt + 70_001],
    ]);
    expect(a.errorId).toBe(c.errorId);
    expect(b.errorId).not.toBe(a.errorId);
    await t.request('GET', `/api/${projectId}/errors/${b.errorId}/ignore`, { token: owner.token });
    expect((await list(s.sessionId)).body.data.map((o: { status: string }) => o.status)).toEqual(['unresolved', 'ignored', 'unresolved']);
  });

  it('answers an empty list for a session without errors', async () => {
    const s = ingestSession(projectId, tenantId);
    await t.started(s);
    expect((await list(s.sessionId)).body.data).toEqual([]);
  });

  it("answers 404 for unknown sessions and another project's, 403 without Errors, 400 for a malformed id", async () => {
    expect((await list('1999999999999000000')).status).toBe(404);
    const other = await t.createTenant();
    const foreign = ingestSession(other.projectId, other.tenantId);
    await t.batch(foreign, decodedBatch(foreign, 0, [errorEvent(foreign.startedAt + 1)]));
    const res = await list(foreign.sessionId);
    expect(res.status).toBe(404);
    expect(res.body.errors).toEqual(['Session not found']);
    expect((await list('../etc')).status).toBe(404);
    expect((await list('a b')).status).toBe(400);
    const lacking = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
    expect((await list(foreign.sessionId, lacking.token)).status).toBe(403);
  });
});
