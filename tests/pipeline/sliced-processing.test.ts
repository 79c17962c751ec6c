import { afterAll, describe, expect, it } from 'vitest';
import { coreServices, definePlugin, sql } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/core/testing';
import ingestPlugin from '@cassette/plugin-ingest/server';
import { ingestExtensionPoints, type DecodedBatch } from '@cassette/plugin-ingest/api';
import sessionsPlugin from '@cassette/plugin-sessions/server';
import errorsPlugin from '@cassette/plugin-errors/server';
import { busyVisitBatch } from './busy-visit.js';

/**
 * A big batch handed to processors in slices must leave what the whole batch leaves: the same
 * session summary, searchable events, issues, recording index and error groups. The same busy
 * visit is recorded by two servers, one giving processors whole batches, the other slices of
 * 37 events; on the second a processor fails once in the middle of a batch, so the job's next
 * attempt delivers that batch's first slices again.
 */
const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** A processor after the issue heuristics (20) that fails once on the 6th slice of batch 1. */
function flakyProcessor(seen: { slices: number; failed: boolean }) {
  return definePlugin({
    id: 'flakyProbe',
    register(r) {
      r.extend(ingestExtensionPoints.processors, {
        id: 'test.flaky',
        order: 25,
        slices: true,
        async batch(_session, batch: DecodedBatch) {
          if (batch.slice) seen.slices++;
          if (batch.seq === 1 && batch.slice?.index === 5 && !seen.failed) {
            seen.failed = true;
            throw new Error('told to fail once');
          }
        },
      });
    },
  });
}

async function recordVisit(settings: Record<string, unknown>, plugins: ReturnType<typeof flakyProcessor>[] = []) {
  const t = await createTestKernel({
    plugins: [ingestPlugin, sessionsPlugin, errorsPlugin, ...plugins],
    config: { plugins: [{ id: 'ingest', settings: { sweepEverySeconds: 3600, ...settings } }] },
  });
  const { projectId, owner } = await t.createTenant();
  const projectKey = (await t.request('GET', `/api/projects/${projectId}`, { token: owner.token })).body.data.projectKey as string;
  const startedAt = Date.now();
  const started = await t.kernel.app.inject({
    method: 'POST',
    url: '/api/ingest/v1/start',
    headers: { 'user-agent': CHROME_UA },
    payload: { projectKey, trackerVersion: '1.0.0', protocolVersion: 1, timestamp: startedAt, url: 'https://shop.example.test/products', referrer: '', title: 'Products', screen: { width: 1920, height: 1080 }, viewport: { width: 1280, height: 720 } },
  });
  const { sessionId, token } = started.json().data as { sessionId: string; token: string };
  // Recorded before the start on the tracker's clock, so no event is later than its batch's
  // arrival: the server would clamp such times to when it received them, which differs per run.
  const t0 = startedAt - 200_000;
  for (const seq of [0, 1, 2]) {
    const res = await t.kernel.app.inject({ method: 'POST', url: '/api/ingest/v1/batch', headers: { authorization: `Bearer ${token}` }, payload: busyVisitBatch(sessionId, seq, t0, seq === 2) });
    expect(res.statusCode, res.body).toBe(200);
  }
  const db = t.kernel.resolve(coreServices.database);
  for (let i = 0; ; i++) {
    const [row] = await db.sql<{ ended: boolean }>(sql`select ended_at is not null as ended from ingest_sessions where id = ${sessionId}`);
    if (row?.ended) break;
    if (i > 1200) throw new Error('the session did not end');
    await new Promise((r) => setTimeout(r, 50));
  }
  return { t, sessionId };
}

/** What the processors stored about the session, with times relative to its start (the two servers started it at different moments). */
async function outcome(t: TestKernel, sessionId: string) {
  const db = t.kernel.resolve(coreServices.database);
  const [{ started, project_id: projectId }] = (await db.sql<{ started: number; project_id: number }>(
    sql`select (extract(epoch from started_at) * 1000)::float8 as started, project_id from sessions_sessions where session_id = ${sessionId}`,
  )) as [{ started: number; project_id: number }];
  const rel = (value: unknown) => (value === null ? null : new Date(value as string | Date).getTime() - Number(started));
  const relTs = (rows: Record<string, unknown>[], ...columns: string[]): Record<string, unknown>[] => rows.map((r) => ({ ...r, ...Object.fromEntries(columns.map((c) => [c, rel(r[c])])) }));
  const [summary] = relTs(
    await db.sql(sql`select pages_count, events_count, errors_count, console_logs_count, requests_count, avg_cpu, avg_memory_used, duration_ms, issue_types, issue_score,
        user_id, metadata, last_event_at, ended_at from sessions_sessions where session_id = ${sessionId}`),
    'last_event_at',
    'ended_at',
  );
  return {
    summary,
    events: relTs(
      await db.sql(sql`select seq, idx, ts, type, url, host, path, label, selector, value, name, method, status, success, duration,
          ttfb, dom_content_loaded, dom_complete, load_time, fcp, lcp, speed_index, tti, dom_building, payload
        from sessions_events where session_id = ${sessionId} order by seq, idx`),
      'ts',
    ),
    issues: relTs(await db.sql(sql`select issue_id, type, context_string, ts, seq, idx, payload from sessions_issues where session_id = ${sessionId} order by issue_id`), 'ts'),
    issueState: await db.sql(sql`select last_seq, last_seq_seen, finished_at is not null as finished from sessions_issue_state where session_id = ${sessionId}`),
    chunks: relTs(await db.sql(sql`select seq, page_no, first_ts, last_ts, has_full_snapshot, bytes from sessions_recording_chunks where session_id = ${sessionId} order by seq`), 'first_ts', 'last_ts'),
    occurrences: relTs(
      await db.sql(sql`select e.fingerprint, e.source, e.name as group_name, o.seq, o.idx, o.ts, o.user_key, o.user_id, o.user_anonymous_id, o.url, o.release, o.name, o.message, o.frames
        from errors_occurrences o join errors_errors e on e.error_id = o.error_id where o.session_id = ${sessionId} order by o.seq, o.idx`),
      'ts',
    ),
    groups: relTs(
      await db.sql(sql`select fingerprint, source, name, message, status, first_frame, first_occurrence_at, last_occurrence_at from errors_errors where project_id = ${projectId} order by fingerprint`),
      'first_occurrence_at',
      'last_occurrence_at',
    ),
    errorSession: await db.sql(sql`select user_id, user_anonymous_id, page_url, last_seq from errors_sessions where session_id = ${sessionId}`),
  };
}

describe('processing a batch in slices', () => {
  const kernels: TestKernel[] = [];
  afterAll(async () => Promise.all(kernels.map((t) => t.close())));

  it('stores what the whole batch stores: summary, events, issues, recording index and error groups, even when a slice is delivered twice', async () => {
    const whole = await recordVisit({ sliceEvents: 250_000 });
    kernels.push(whole.t);
    const seen = { slices: 0, failed: false };
    const sliced = await recordVisit({ sliceEvents: 37 }, [flakyProcessor(seen)]);
    kernels.push(sliced.t);
    expect(seen.failed).toBe(true);
    // About 700 events a batch: some 20 slices each, and batch 1 delivered from its start again.
    expect(seen.slices).toBeGreaterThan(60);

    const expected = await outcome(whole.t, whole.sessionId);
    // The visit gives every processor something to do.
    expect(expected.summary).toMatchObject({ pages_count: 2, errors_count: 9, user_id: 'ada@example.test', metadata: { plan: 'pro' } });
    expect(expected.summary!.issue_types).toEqual(expect.arrayContaining(['bad_request', 'click_rage', 'custom', 'dead_click', 'excessive_scrolling', 'js_exception', 'memory', 'missing_resource', 'slow_page_load', 'slow_resource']));
    expect(expected.events.length).toBeGreaterThan(400);
    expect(expected.events.some((e) => e.type === 'LOCATION' && e.load_time === 6_200)).toBe(true);
    expect(expected.occurrences).toHaveLength(9);
    // The user named in batch 0 is given to the exceptions before it too.
    expect(expected.occurrences.every((o) => o.user_id === 'ada@example.test')).toBe(true);
    expect(new Set(expected.occurrences.map((o) => o.url))).toEqual(new Set(['https://shop.example.test/products', 'https://shop.example.test/checkout']));
    expect(expected.issueState).toEqual([{ last_seq: 2, last_seq_seen: null, finished: true }]);

    expect(await outcome(sliced.t, sliced.sessionId)).toEqual(expected);
  }, 180_000);
});
