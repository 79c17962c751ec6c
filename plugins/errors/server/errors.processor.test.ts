import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import { decodedBatch, ingestSession } from '@cassette/plugin-ingest/testing';
import { sql } from '@cassette/plugin-sdk/server';
import { checkoutStack, createErrorsTestKernel, errorEvent, type ErrorsTestKernel } from '../testing/errors-test-kernel.js';

interface OccurrenceRow {
  error_id: string;
  session_id: string;
  seq: number;
  idx: number;
  ts: Date;
  user_key: string;
  user_id: string | null;
  user_anonymous_id: string | null;
  browser: string | null;
  os: string | null;
  device: string | null;
  country: string | null;
  url: string | null;
  release: string | null;
  name: string;
  message: string;
  stack: string | null;
  frames: { function: string | null; inApp: boolean; context: unknown }[];
}

describe('errors.grouping processor', () => {
  let t: ErrorsTestKernel;
  let projectId: number;
  let tenantId: number;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createErrorsTestKernel();
    ({ projectId, tenantId, owner } = await t.createTenant());
  });
  afterAll(async () => t?.close());

  const occurrences = (sessionId: string) => t.sql<OccurrenceRow>(sql`select * from errors_occurrences where session_id = ${sessionId} order by seq, idx`);
  const group = async (errorId: string) =>
    (await t.sql<{ status: string; name: string; message: string; first_occurrence_at: Date; last_occurrence_at: Date; first_frame: string; source: string; parent_error_id: string | null }>(sql`select * from errors_errors where error_id = ${errorId}`))[0]!;

  it('groups the same bug across sessions, messages ids and deploys, and keeps a different bug apart', async () => {
    const s1 = ingestSession(projectId, tenantId, { userId: 'ada' });
    const s2 = ingestSession(projectId, tenantId, { userUuid: 'browser-7', browser: 'Firefox', os: 'Windows', country: 'DE', revId: 'rev-43' });
    await t.started(s1);
    await t.started(s2);
    await t.batch(s1, decodedBatch(s1, 0, [{ type: 'click', ts: s1.startedAt + 5, selector: 'b', label: 'Pay' }, errorEvent(s1.startedAt + 10)]));
    await t.batch(
      s2,
      decodedBatch(s2, 0, [
        errorEvent(s2.startedAt + 10, { stack: checkoutStack('lineTotal', 300, 'app.77aa01bc.js') }),
        errorEvent(s2.startedAt + 20, { name: 'Error', message: 'Order 4411 failed', stack: checkoutStack('submitOrder') }),
        errorEvent(s2.startedAt + 30, { name: 'Error', message: 'Order 98 failed', stack: checkoutStack('submitOrder', 12) }),
      ]),
    );

    const [a] = await occurrences(s1.sessionId);
    const [b, c, d] = await occurrences(s2.sessionId);
    expect(a!.error_id).toBe(b!.error_id);
    expect(c!.error_id).toBe(d!.error_id);
    expect(c!.error_id).not.toBe(a!.error_id);
    expect(a).toMatchObject({ seq: 0, idx: 1, user_key: 'ada', user_id: 'ada', browser: 'Chrome', os: 'Linux', device: 'desktop', country: 'FR', release: 'rev-42', url: 'https://shop.example.test/products' });
    expect(new Date(a!.ts).getTime()).toBe(s1.startedAt + 10);
    expect(a!.frames.map((f) => [f.function, f.inApp, f.context])).toEqual([
      ['lineTotal', true, null],
      ['Array.map', false, null],
      ['cartTotal', true, null],
      ['HTMLButtonElement.onCheckout', true, null],
    ]);
    expect(b).toMatchObject({ user_key: 'browser-7', user_id: null, browser: 'Firefox', os: 'Windows', country: 'DE', release: 'rev-43' });

    const checkout = await group(a!.error_id);
    expect(checkout).toMatchObject({ status: 'unresolved', source: 'js_exception', name: 'TypeError', parent_error_id: null, first_frame: 'lineTotal (/assets/app.77aa01bc.js:300:33)' });
    expect(new Date(checkout.first_occurrence_at).getTime()).toBe(s1.startedAt + 10);
    expect(new Date(checkout.last_occurrence_at).getTime()).toBe(s2.startedAt + 10);
    // The latest occurrence's message names the group.
    expect((await group(c!.error_id)).message).toBe('Order 98 failed');
  });

  it('stores nothing twice when a batch is replayed', async () => {
    const s = ingestSession(projectId, tenantId);
    await t.started(s);
    const batch = decodedBatch(s, 0, [errorEvent(s.startedAt + 10, { stack: checkoutStack('replayed') }), errorEvent(s.startedAt + 20, { stack: checkoutStack('replayed') })]);
    await t.batch(s, batch);
    const [first] = await occurrences(s.sessionId);
    const before = await group(first!.error_id);
    await t.batch(s, batch);
    await t.batch(s, { ...batch, receivedAt: batch.receivedAt + 5_000 });
    expect(await occurrences(s.sessionId)).toHaveLength(2);
    expect(await group(first!.error_id)).toEqual(before);
  });

  it('reopens a resolved error on a new occurrence; an ignored one stays ignored', async () => {
    const now = Date.now();
    const s = ingestSession(projectId, tenantId, { startedAt: now - 60_000 });
    await t.started(s);
    await t.batch(s, decodedBatch(s, 0, [errorEvent(now - 50_000, { stack: checkoutStack('reopened') }), errorEvent(now - 50_000, { stack: checkoutStack('ignoredOne') })]));
    const [reopened, ignored] = await occurrences(s.sessionId);
    expect((await t.request('GET', `/api/${projectId}/errors/${reopened!.error_id}/solve`, { token: owner.token })).body.data.changed).toBe(true);
    expect((await t.request('GET', `/api/${projectId}/errors/${ignored!.error_id}/ignore`, { token: owner.token })).body.data.changed).toBe(true);

    // A batch late from before the resolution does not reopen it.
    await t.batch(s, decodedBatch(s, 1, [errorEvent(now - 40_000, { stack: checkoutStack('reopened') })], { receivedAt: now - 40_000 }));
    expect((await group(reopened!.error_id)).status).toBe('resolved');

    const later = Date.now() + 1_000;
    await t.batch(s, decodedBatch(s, 2, [errorEvent(later, { stack: checkoutStack('reopened') }), errorEvent(later, { stack: checkoutStack('ignoredOne') })], { receivedAt: later }));
    expect((await group(reopened!.error_id)).status).toBe('unresolved');
    expect((await group(ignored!.error_id)).status).toBe('ignored');
  });

  it('counts occurrences for the user once the session names them, also in a later batch', async () => {
    const s = ingestSession(projectId, tenantId, { userUuid: null });
    await t.started(s);
    await t.batch(s, decodedBatch(s, 0, [errorEvent(s.startedAt + 1, { stack: checkoutStack('anonymousAtFirst') })]));
    expect((await occurrences(s.sessionId))[0]).toMatchObject({ user_id: null, user_key: `session:${s.sessionId}` });

    await t.batch(s, decodedBatch(s, 1, [{ type: 'user_id', ts: s.startedAt + 70_000, userId: 'grace' }, errorEvent(s.startedAt + 80_000, { stack: checkoutStack('anonymousAtFirst') })]));
    expect((await occurrences(s.sessionId)).map((o) => [o.user_id, o.user_key])).toEqual([
      ['grace', 'grace'],
      ['grace', 'grace'],
    ]);
    // The user stays known in the batches after.
    await t.batch(s, decodedBatch(s, 2, [{ type: 'user_anonymous_id', ts: s.startedAt + 90_000, userAnonymousId: 'anon-1' }, errorEvent(s.startedAt + 100_000)]));
    expect((await occurrences(s.sessionId))[2]).toMatchObject({ user_id: 'grace', user_anonymous_id: 'anon-1' });
  });

  it('marks the occurrences of a synthetic run (metadata `synthetic` set at start), across batches, and not those of other sessions', async () => {
    const run = ingestSession(projectId, tenantId, { metadata: { plan: 'pro', synthetic: 'run-81' } });
    const visit = ingestSession(projectId, tenantId, { metadata: { plan: 'pro' } });
    const blank = ingestSession(projectId, tenantId, { metadata: { synthetic: '  ' } });
    for (const s of [run, visit, blank]) {
      await t.started(s);
      await t.batch(s, decodedBatch(s, 0, [errorEvent(s.startedAt + 1, { stack: checkoutStack('syntheticCheckout') })]));
    }
    await t.batch(run, decodedBatch(run, 1, [errorEvent(run.startedAt + 70_000, { stack: checkoutStack('syntheticCheckout') })]));
    const synthetic = async (s: { sessionId: string }) => (await t.sql<{ synthetic: boolean }>(sql`select synthetic from errors_occurrences where session_id = ${s.sessionId} order by seq, idx`)).map((r) => r.synthetic);
    expect(await synthetic(run)).toEqual([true, true]);
    expect(await synthetic(visit)).toEqual([false]);
    expect(await synthetic(blank)).toEqual([false]);
  });

  it('follows metadata `synthetic` set during the session: earlier occurrences of the session follow it, a late batch does not undo it', async () => {
    const s = ingestSession(projectId, tenantId);
    await t.started(s);
    await t.batch(s, decodedBatch(s, 0, [errorEvent(s.startedAt + 1)]));
    await t.batch(s, decodedBatch(s, 2, [{ type: 'metadata', ts: s.startedAt + 130_000, key: 'synthetic', value: 'run-82' }, errorEvent(s.startedAt + 131_000)]));
    const synthetic = async () => (await t.sql<{ synthetic: boolean }>(sql`select synthetic from errors_occurrences where session_id = ${s.sessionId} order by seq, idx`)).map((r) => r.synthetic);
    expect(await synthetic()).toEqual([true, true]);
    // Batch 1 arrives late, its metadata older than batch 2's.
    await t.batch(s, decodedBatch(s, 1, [{ type: 'metadata', ts: s.startedAt + 70_000, key: 'synthetic', value: '' }, errorEvent(s.startedAt + 71_000)]));
    expect(await synthetic()).toEqual([true, true, true]);
    // A later batch clearing the key makes the session an ordinary visit again.
    await t.batch(s, decodedBatch(s, 3, [{ type: 'metadata', ts: s.startedAt + 190_000, key: 'synthetic', value: '' }]));
    expect(await synthetic()).toEqual([false, false, false]);
  });

  it('records the page open at the moment of the error, across batches', async () => {
    const s = ingestSession(projectId, tenantId, { url: 'https://shop.example.test/?utm=x#top' });
    await t.started(s);
    await t.batch(s, decodedBatch(s, 0, [errorEvent(s.startedAt + 1), { type: 'page', ts: s.startedAt + 2, url: 'https://shop.example.test/cart?step=2', referrer: '', title: 'Cart' }, errorEvent(s.startedAt + 3)]));
    await t.batch(s, decodedBatch(s, 1, [{ type: 'click', ts: s.startedAt + 70_000, selector: 'a', label: 'A' }]));
    await t.batch(s, decodedBatch(s, 2, [errorEvent(s.startedAt + 130_000)]));
    expect((await occurrences(s.sessionId)).map((o) => o.url)).toEqual(['https://shop.example.test/', 'https://shop.example.test/cart', 'https://shop.example.test/cart']);
  });

  it('falls back to when the batch arrived for a broken clock, and to safe text for odd fields', async () => {
    const s = ingestSession(projectId, tenantId);
    await t.batch(s, decodedBatch(s, 0, [errorEvent(Number.NaN, { name: '', message: 'nul\u0000byte', source: 'weird' as never, stack: undefined })]));
    const [o] = await occurrences(s.sessionId);
    expect(new Date(o!.ts).getTime()).toBe(s.startedAt + 60_000);
    expect(o).toMatchObject({ name: 'Error', message: 'nulbyte', stack: null, frames: [] });
    expect((await group(o!.error_id)).source).toBe('js_exception');
  });

  it('creates one group when two sessions meet a new bug at the same time', async () => {
    const sessions = Array.from({ length: 4 }, () => ingestSession(projectId, tenantId));
    await Promise.all(sessions.map((s) => t.batch(s, decodedBatch(s, 0, [errorEvent(s.startedAt + 1, { message: 'Concurrent 1', stack: checkoutStack('raced') })]))));
    const groups = await t.sql<{ error_id: string }>(sql`select distinct error_id from errors_occurrences where session_id in (${sessions.map((s) => s.sessionId)})`);
    expect(groups).toHaveLength(1);
    const [{ n }] = (await t.sql<{ n: number }>(sql`select count(*)::int as n from errors_errors where project_id = ${projectId} and message = 'Concurrent 1'`)) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('keeps projects apart: the same bug in another project is another group', async () => {
    const other = await t.createTenant();
    const mine = ingestSession(projectId, tenantId);
    const theirs = ingestSession(other.projectId, other.tenantId);
    for (const s of [mine, theirs]) await t.batch(s, decodedBatch(s, 0, [errorEvent(s.startedAt + 1, { stack: checkoutStack('perProject') })]));
    const [a] = await occurrences(mine.sessionId);
    const [b] = await occurrences(theirs.sessionId);
    expect(a!.error_id).not.toBe(b!.error_id);
  });

  it("deletes deleted sessions' occurrences, and groups left without any", async () => {
    const { projectId: p, tenantId: tid } = await t.createTenant();
    const kept = ingestSession(p, tid);
    const gone = ingestSession(p, tid);
    await t.batch(kept, decodedBatch(kept, 0, [errorEvent(kept.startedAt + 5, { stack: checkoutStack('shared') })]));
    await t.batch(gone, decodedBatch(gone, 0, [errorEvent(gone.startedAt + 1, { stack: checkoutStack('shared') }), errorEvent(gone.startedAt + 2, { stack: checkoutStack('onlyGone') })]));
    const [shared, onlyGone] = (await occurrences(gone.sessionId)).map((o) => o.error_id);
    await t.request('GET', `/api/${p}/errors/${onlyGone}/favorite`, { token: (await t.createMember(tid, { admin: true })).token });

    await t.sessionsDeleted(p, [gone.sessionId]);
    expect(await occurrences(gone.sessionId)).toEqual([]);
    expect(await t.sql(sql`select 1 from errors_sessions where session_id = ${gone.sessionId}`)).toEqual([]);
    expect(await t.sql(sql`select 1 from errors_errors where error_id = ${onlyGone}`)).toEqual([]);
    expect(await t.sql(sql`select 1 from errors_fingerprints where error_id = ${onlyGone}`)).toEqual([]);
    expect(await t.sql(sql`select 1 from errors_favorites where error_id = ${onlyGone}`)).toEqual([]);
    const left = await group(shared!);
    expect(new Date(left.first_occurrence_at).getTime()).toBe(kept.startedAt + 5);
  });

  it("deletes a deleted project's errors and source maps", async () => {
    const a = await t.createTenant();
    const created = await t.request('POST', '/api/projects', { token: a.owner.token, body: { name: 'Short-lived', host: 'site.example.test' } });
    const doomed = created.body.data.id as number;
    const s = ingestSession(doomed, a.tenantId);
    await t.started(s);
    await t.batch(s, decodedBatch(s, 0, [errorEvent(s.startedAt + 1)]));
    const map = { version: 3, file: 'app.min.js', sources: ['app.ts'], sourcesContent: ['throw 1;'], names: [], mappings: 'AAAA' };
    const upload = await t.request('POST', `/api/sourcemaps?projectKey=${created.body.data.projectKey}&release=1.0&file=app.min.js`, { headers: { authorization: `Bearer ${a.apiKey}` }, body: map });
    expect(upload.status).toBe(200);
    expect((await t.request('DELETE', `/api/projects/${doomed}`, { token: a.owner.token })).status).toBe(200);
    const left = async () =>
      (await t.sql<{ n: number }>(sql`select (select count(*) from errors_errors where project_id = ${doomed})::int + (select count(*) from errors_occurrences where project_id = ${doomed})::int + (select count(*) from errors_sessions where project_id = ${doomed})::int + (select count(*) from errors_sourcemaps where project_id = ${doomed})::int as n`))[0]!.n;
    for (let i = 0; i < 100 && (await left()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await left()).toBe(0);
  });
});
