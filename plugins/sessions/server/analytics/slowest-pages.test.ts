import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackerEvent } from '@cassette/plugin-ingest/api';
import { sessionsServices } from '../../api.js';
import { createSessionsTestKernel, decodedBatch, ingestSession, type SessionsTestKernel } from '../../testing/ingest-stand-in.js';

const START = Date.UTC(2026, 10, 16);
const HOUR = 3_600_000;
const READER = { reader: { admin: false, permissions: new Set<never>() } };

/** A page view of `path` whose browser reported `load` ms (none: no timing). */
function view(ts: number, path: string, load?: number): TrackerEvent[] {
  const url = `https://shop.example.test${path}`;
  const page: TrackerEvent = { type: 'page', ts, url, referrer: '', title: path };
  return load === undefined ? [page] : [page, { type: 'page_timing', ts: ts + 100, url, timings: { load, ttfb: 50, domContentLoaded: 200 } }];
}

describe('analytics service: slowest pages', () => {
  let t: SessionsTestKernel;
  let projectId: number;
  beforeAll(async () => {
    t = await createSessionsTestKernel();
    const tenant = await t.createTenant();
    projectId = tenant.projectId;
    // /checkout 4 s and 6 s, /search 3 s, /home 1 s and 2 s plus a view without timing, /late 9 s after the range.
    const sessions: [number, TrackerEvent[]][] = [
      [START + HOUR, [...view(START + HOUR + 1000, '/checkout', 4000), ...view(START + HOUR + 20_000, '/home', 1000)]],
      [START + 2 * HOUR, [...view(START + 2 * HOUR + 1000, '/checkout', 6000), ...view(START + 2 * HOUR + 20_000, '/home')]],
      [START + 3 * HOUR, [...view(START + 3 * HOUR + 1000, '/home', 2000), ...view(START + 3 * HOUR + 20_000, '/search', 3000)]],
      [START + 30 * HOUR, view(START + 30 * HOUR + 1000, '/late', 9000)],
    ];
    for (const [i, [at, events]] of sessions.entries()) {
      const s = ingestSession(projectId, tenant.tenantId, { sessionId: `slow-${i}`, startedAt: at });
      await t.started(s);
      await t.batch(s, decodedBatch(s, 0, events, { receivedAt: at + 60_000 }));
      await t.ended(s, { endedAt: at + 30_000, batches: 1, reason: 'final' });
    }
  });
  afterAll(async () => t?.close());

  const range = { startDate: START, endDate: START + 24 * HOUR - 1 };

  it('ranks the pages of the range by average load time, with their measured views', async () => {
    const analytics = t.kernel.resolve(sessionsServices.analytics);
    expect(await analytics.slowestPages({ projectId, range, limit: 10 }, READER)).toEqual({
      pages: [
        { path: '/checkout', averageLoadTime: 5000, views: 2 },
        { path: '/search', averageLoadTime: 3000, views: 1 },
        { path: '/home', averageLoadTime: 1500, views: 2 },
      ],
      others: 0,
    });
    expect(await analytics.slowestPages({ projectId, range, limit: 1 }, READER)).toEqual({ pages: [{ path: '/checkout', averageLoadTime: 5000, views: 2 }], others: 2 });
  });

  it('refuses a limit out of bounds or a range backwards with a 400', async () => {
    const analytics = t.kernel.resolve(sessionsServices.analytics);
    await expect(analytics.slowestPages({ projectId, range, limit: 0 }, READER)).rejects.toMatchObject({ statusCode: 400 });
    await expect(analytics.slowestPages({ projectId, range: { startDate: 10, endDate: 5 }, limit: 5 }, READER)).rejects.toMatchObject({ statusCode: 400 });
  });
});
