// The analytics port's series and breakdown, as every store must answer them (shared/analytics.ts
// says what they mean). A store runs it with its own factory (see analytics-project.ts):
// server/analytics/series-queries.test.ts runs it on PostgreSQL; a column store runs the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilterCompileContext } from '../../api.js';
import type { AnalyticsRange, BreakdownDimension, BreakdownQuery, SeriesMeasure, SeriesQuery } from '../../shared/analytics.js';
import type { SessionSearchFilter } from '../../shared/search.js';
import { ADMIN_READER, memberReader } from '../filter-readers.js';
import { projectSession, toContractProject, type ProjectSession } from './analytics-project.js';
import type { AnalyticsUnderTest, AnalyticsUnderTestFactory } from './contract-project.js';
import { GENERATED_DAYS, GENERATED_FROM, generateProject } from './generated-project.js';
import { referenceBreakdown, referenceSeries, type SessionPredicate, type SessionView } from './series-reference.js';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 9, 0, 0, 0);
const ADMIN: FilterCompileContext = { reader: ADMIN_READER };
const MEASURES: SeriesMeasure[] = ['sessionCount', 'userCount'];
const DIMENSIONS: BreakdownDimension[] = ['issue', 'browser', 'os', 'device', 'country', 'url'];

/**
 * Six hourly buckets from T0 (bucket 2 and 4 empty), with sessions on each side of every edge.
 * Users: ada (id, twice), device d1, bob (id and device d1: the id wins), nobody, device d2 (its
 * id is empty), and an id equal to a device id ("d1"), who is someone else than device d1.
 */
export const EDGE_SESSIONS: ProjectSession[] = [
  projectSession('before', T0 - 1, { userId: 'ada' }),
  projectSession('first', T0, { userId: 'ada', browser: 'Chrome' }),
  projectSession('end-of-0', T0 + HOUR - 1, { userUuid: 'd1', browser: 'Firefox' }),
  projectSession('start-of-1', T0 + HOUR, { userId: 'ada', userUuid: 'd9', browser: 'Chrome' }),
  projectSession('bucket-3a', T0 + 3 * HOUR + 10 * MINUTE, { userId: 'bob', userUuid: 'd1', browser: 'Chrome' }),
  projectSession('bucket-3b', T0 + 3 * HOUR + 20 * MINUTE, { browser: 'Chrome' }),
  projectSession('bucket-3c', T0 + 3 * HOUR + 30 * MINUTE, { userId: '', userUuid: 'd2', browser: 'Safari' }),
  projectSession('end-of-5', T0 + 6 * HOUR - 1, { userId: 'd1', browser: 'Chrome' }),
  projectSession('after', T0 + 6 * HOUR, { userId: 'ada', browser: 'Chrome' }),
];

/**
 * A breakdown's rows: browsers, OS (code-point order puts "Linux" before "iOS"), device types,
 * countries (one missing), pages (one visited twice, one after the range's end), issues (one
 * raised twice in a session, several in one session, one after the range's end).
 */
const B0 = Date.UTC(2026, 10, 10, 0, 0, 0);
const B_RANGE: AnalyticsRange = { startDate: B0, endDate: B0 + DAY - 1 };
const page = (path: string, at: number) => ({ kind: 'page', path, at }) as const;
export const BREAKDOWN_SESSIONS: ProjectSession[] = [
  projectSession('b1', B0 + HOUR, {
    userId: 'u1',
    browser: 'Chrome',
    os: 'Linux',
    deviceType: 'desktop',
    country: 'FR',
    events: [page('/home', 1000), page('/checkout', 2000), page('/home', 3000)],
    issues: [
      { type: 'click_rage', contextString: '/home', at: 1500 },
      { type: 'click_rage', contextString: '/checkout', at: 2500 },
      { type: 'js_exception', contextString: '/checkout', at: 2600 },
    ],
  }),
  projectSession('b2', B0 + 2 * HOUR, { userId: 'u1', browser: 'Chrome', os: 'Windows', deviceType: 'desktop', country: 'DE', events: [page('/home', 1000)], issues: [{ type: 'click_rage', contextString: '/home', at: 1200 }] }),
  projectSession('b3', B0 + 3 * HOUR, { userUuid: 'd3', browser: 'Firefox', os: 'Windows', deviceType: 'desktop', country: 'FR', events: [page('/checkout', 1000)] }),
  projectSession('b4', B0 + 4 * HOUR, { userId: 'u4', browser: 'Safari', os: 'iOS', deviceType: 'mobile', issues: [{ type: 'bad_request', contextString: '/api/cart', at: 500 }] }),
  projectSession('b5', B0 + 5 * HOUR, {
    os: '',
    country: 'FR',
    events: [page('/home', 1000)],
    issues: [
      { type: 'js_exception', contextString: '/home', at: 1100 },
      { type: 'dead_click', contextString: '/home', at: 1200 },
    ],
  }),
  projectSession('b7', B0 + DAY - 60_000, {
    userId: 'u7',
    browser: 'Edge',
    os: 'Windows',
    deviceType: 'tablet',
    country: 'GB',
    durationMs: 300_000,
    events: [page('/late', 120_000)],
    issues: [{ type: 'crash', contextString: '/late', at: 150_000 }],
  }),
  projectSession('b-out', B0 + DAY, { userId: 'u9', browser: 'Chrome', os: 'Linux', deviceType: 'desktop', country: 'FR', events: [page('/home', 1000)], issues: [{ type: 'click_rage', contextString: '/home', at: 1100 }] }),
];

interface FilterCase {
  name: string;
  filter: SessionSearchFilter;
  matches: SessionPredicate;
}

const pathsOf = (s: SessionView) => s.events.flatMap((e) => (e.type === 'LOCATION' ? [e.value] : []));

/** Filters over the generated project, each with what it means written out. */
const FILTER_CASES: FilterCase[] = [
  { name: 'no filter', filter: {}, matches: () => true },
  { name: 'browser is Chrome', filter: { filters: [{ type: 'USERBROWSER', operator: 'is', value: ['Chrome'] }] }, matches: (s) => s.browser === 'Chrome' },
  {
    name: 'country FR or DE, at least 2 minutes',
    filter: { filters: [{ type: 'USERCOUNTRY', operator: 'is', value: ['FR', 'DE'] }], minDuration: 120_000 },
    matches: (s) => (s.country === 'FR' || s.country === 'DE') && s.durationMs >= 120_000,
  },
  { name: 'visited /checkout', filter: { events: [{ type: 'LOCATION', operator: 'is', value: ['/checkout'] }] }, matches: (s) => pathsOf(s).includes('/checkout') },
  {
    name: '/products/1 then a click on Buy',
    filter: {
      events: [
        { type: 'LOCATION', operator: 'is', value: ['/products/1'] },
        { type: 'CLICK', operator: 'on', value: ['Buy'] },
      ],
      eventsOrder: 'then',
    },
    matches: (s) => {
      const first = s.events.findIndex((e) => e.type === 'LOCATION' && e.value === '/products/1');
      return first >= 0 && s.events.slice(first + 1).some((e) => e.type === 'CLICK' && e.value === 'Buy');
    },
  },
  { name: 'issue click_rage', filter: { filters: [{ type: 'ISSUE', operator: 'is', value: ['click_rage'] }] }, matches: (s) => s.issues.some((i) => i.type === 'click_rage') },
  { name: 'metadata plan is pro', filter: { filters: [{ type: 'METADATA', operator: 'is', value: ['pro'], source: ['plan'] }] }, matches: (s) => s.metadata.plan === 'pro' },
  // The range decides which sessions count: the filter's own dates are not read.
  { name: "the filter's own dates", filter: { startDate: 0, endDate: 1 }, matches: () => true },
];

/** Ranges over the generated project: aligned on days and hours, and cut in the middle of seconds. */
const GENERATED_SERIES: { name: string; range: AnalyticsRange; bucketMs: number }[] = [
  { name: 'all three days by hour', range: { startDate: GENERATED_FROM, endDate: GENERATED_FROM + GENERATED_DAYS * DAY - 1 }, bucketMs: HOUR },
  { name: 'days, the last one short', range: { startDate: GENERATED_FROM + 7 * HOUR + 500, endDate: GENERATED_FROM + 2 * DAY + 3 * HOUR }, bucketMs: DAY },
  { name: '7 minutes over an afternoon', range: { startDate: GENERATED_FROM + DAY + 13 * HOUR + 1, endDate: GENERATED_FROM + DAY + 19 * HOUR + 59_999 }, bucketMs: 7 * MINUTE },
];

export function seriesContract(storeName: string, openStore: AnalyticsUnderTestFactory): void {
  describe(`analytics contract, series and breakdown: ${storeName}`, () => {
    let store: AnalyticsUnderTest;
    /** Each set of sessions in a project of its own. */
    const load = (sessions: readonly ProjectSession[]) => store.load(toContractProject(sessions));
    beforeAll(async () => {
      store = await openStore();
    });
    afterAll(async () => {
      await store?.close();
    });

    describe('series', () => {
      let projectId: number;
      beforeAll(async () => {
        projectId = await load(EDGE_SESSIONS);
      });
      const series = (range: AnalyticsRange, bucketMs: number, measure: SeriesMeasure, filter: SessionSearchFilter = {}) => store.service.series({ projectId, filter, range, bucketMs, measure }, ADMIN);
      const values = async (answer: ReturnType<typeof series>) => (await answer).points.map((p) => p.value);
      const SIX_HOURS: AnalyticsRange = { startDate: T0, endDate: T0 + 6 * HOUR - 1 };

      it('puts a session on a bucket edge in the later bucket, and leaves out sessions a millisecond outside the range', async () => {
        const answer = await series(SIX_HOURS, HOUR, 'sessionCount');
        expect(answer.points).toEqual([0, 1, 2, 3, 4, 5].map((i) => ({ timestamp: T0 + i * HOUR, value: [2, 1, 0, 3, 0, 1][i] })));
        expect(answer.total).toBe(7);
      });

      it('answers every bucket, empty ones as 0, and a range ending on a bucket start gets that bucket too (both ends are inclusive)', async () => {
        expect(await values(series({ startDate: T0, endDate: T0 + 6 * HOUR }, HOUR, 'sessionCount'))).toEqual([2, 1, 0, 3, 0, 1, 1]);
        expect(await values(series({ startDate: T0 - 3 * HOUR, endDate: T0 - 2 * HOUR }, HOUR, 'sessionCount'))).toEqual([0, 0]);
        const empty = await series({ startDate: T0 + 2 * HOUR, endDate: T0 + 3 * HOUR - 1 }, 10 * MINUTE, 'userCount');
        expect(empty).toEqual({ points: [0, 1, 2, 3, 4, 5].map((i) => ({ timestamp: T0 + 2 * HOUR + i * 10 * MINUTE, value: 0 })), total: 0 });
      });

      it('starts buckets at the range start, the last one cut short by the range end', async () => {
        const answer = await series({ startDate: T0 + 30 * MINUTE, endDate: T0 + 3 * HOUR + 15 * MINUTE }, HOUR, 'sessionCount');
        expect(answer.points).toEqual([
          { timestamp: T0 + 30 * MINUTE, value: 2 },
          { timestamp: T0 + 90 * MINUTE, value: 0 },
          { timestamp: T0 + 150 * MINUTE, value: 1 },
        ]);
        expect(answer.total).toBe(3);
        expect(await series({ startDate: T0, endDate: T0 }, MINUTE, 'sessionCount')).toEqual({ points: [{ timestamp: T0, value: 1 }], total: 1 });
      });

      it('counts users per bucket and distinct over the whole range: the user id, else the device id, never an empty id', async () => {
        const answer = await series(SIX_HOURS, HOUR, 'userCount');
        // Bucket 0: ada, device d1; 1: ada; 3: bob, device d2 (the third has no user); 5: the user id "d1".
        expect(answer.points.map((p) => p.value)).toEqual([2, 1, 0, 2, 0, 1]);
        expect(answer.total).toBe(5);
        expect((await series(SIX_HOURS, 6 * HOUR, 'userCount')).points).toEqual([{ timestamp: T0, value: 5 }]);
      });

      it('counts only the sessions the filter matches', async () => {
        const chrome = { filters: [{ type: 'USERBROWSER', operator: 'is', value: ['Chrome'] }] };
        expect(await series(SIX_HOURS, HOUR, 'sessionCount', chrome)).toEqual({ points: [1, 1, 0, 2, 0, 1].map((value, i) => ({ timestamp: T0 + i * HOUR, value })), total: 5 });
        expect((await series(SIX_HOURS, HOUR, 'userCount', chrome)).total).toBe(3);
        // The filter's dates would take every session; the range still decides.
        expect((await series(SIX_HOURS, HOUR, 'sessionCount', { startDate: 0, endDate: T0 + DAY })).total).toBe(7);
      });
    });

    describe('breakdown', () => {
      let projectId: number;
      beforeAll(async () => {
        projectId = await load(BREAKDOWN_SESSIONS);
      });
      const breakdown = (by: BreakdownDimension, measure: SeriesMeasure, limit = 10, filter: SessionSearchFilter = {}, range = B_RANGE) =>
        store.service.breakdown({ projectId, filter, range, by, measure, limit }, ADMIN);

      it('counts sessions per attribute, largest first then by name; a session without a value is in the total only', async () => {
        expect(await breakdown('browser', 'sessionCount')).toEqual({
          rows: [
            { name: 'Chrome', value: 2 },
            { name: 'Edge', value: 1 },
            { name: 'Firefox', value: 1 },
            { name: 'Safari', value: 1 },
          ],
          total: 6,
          others: 0,
        });
        expect(await breakdown('os', 'sessionCount')).toEqual({
          rows: [
            { name: 'Windows', value: 3 },
            { name: 'Linux', value: 1 },
            { name: 'iOS', value: 1 },
          ],
          total: 6,
          others: 0,
        });
        expect((await breakdown('device', 'sessionCount')).rows).toEqual([
          { name: 'desktop', value: 3 },
          { name: 'mobile', value: 1 },
          { name: 'tablet', value: 1 },
        ]);
        expect((await breakdown('country', 'sessionCount')).rows).toEqual([
          { name: 'FR', value: 3 },
          { name: 'DE', value: 1 },
          { name: 'GB', value: 1 },
        ]);
      });

      it('counts a session once in each issue type it had, however many times, and in the total once', async () => {
        expect(await breakdown('issue', 'sessionCount')).toEqual({
          rows: [
            { name: 'click_rage', value: 2 },
            { name: 'js_exception', value: 2 },
            { name: 'bad_request', value: 1 },
            { name: 'crash', value: 1 },
            { name: 'dead_click', value: 1 },
          ],
          total: 6,
          others: 0,
        });
      });

      it('counts a session once in each path it visited, pages after the range end included (the session started within it)', async () => {
        expect(await breakdown('url', 'sessionCount')).toEqual({
          rows: [
            { name: '/home', value: 3 },
            { name: '/checkout', value: 2 },
            { name: '/late', value: 1 },
          ],
          total: 6,
          others: 0,
        });
      });

      it('counts distinct users per row and over the range, and leaves out rows of no user', async () => {
        expect(await breakdown('browser', 'userCount')).toEqual({
          rows: [
            { name: 'Chrome', value: 1 },
            { name: 'Edge', value: 1 },
            { name: 'Firefox', value: 1 },
            { name: 'Safari', value: 1 },
          ],
          total: 4,
          others: 0,
        });
        // dead_click happened to b5 only, which has no user.
        expect(await breakdown('issue', 'userCount')).toEqual({
          rows: [
            { name: 'bad_request', value: 1 },
            { name: 'click_rage', value: 1 },
            { name: 'crash', value: 1 },
            { name: 'js_exception', value: 1 },
          ],
          total: 4,
          others: 0,
        });
        expect((await breakdown('url', 'userCount')).rows).toEqual([
          { name: '/checkout', value: 2 },
          { name: '/home', value: 1 },
          { name: '/late', value: 1 },
        ]);
      });

      it('keeps the first `limit` rows and says how many it left off', async () => {
        expect(await breakdown('browser', 'sessionCount', 2)).toEqual({
          rows: [
            { name: 'Chrome', value: 2 },
            { name: 'Edge', value: 1 },
          ],
          total: 6,
          others: 2,
        });
        expect(await breakdown('issue', 'sessionCount', 1)).toEqual({ rows: [{ name: 'click_rage', value: 2 }], total: 6, others: 4 });
      });

      it('reads the filter and the range, not the filter dates', async () => {
        const france = { filters: [{ type: 'USERCOUNTRY', operator: 'is', value: ['FR'] }] };
        expect(await breakdown('browser', 'sessionCount', 10, france)).toEqual({
          rows: [
            { name: 'Chrome', value: 1 },
            { name: 'Firefox', value: 1 },
          ],
          total: 3,
          others: 0,
        });
        const tomorrow = { startDate: B0 + DAY, endDate: B0 + 2 * DAY };
        expect(await breakdown('issue', 'sessionCount', 10, { ...france, ...tomorrow }, tomorrow)).toEqual({ rows: [{ name: 'click_rage', value: 1 }], total: 1, others: 0 });
        expect(await breakdown('url', 'sessionCount', 10, { startDate: B0 + DAY, endDate: B0 + 2 * DAY })).toMatchObject({ total: 6 });
        expect(await breakdown('country', 'userCount', 10, {}, { startDate: B0 - DAY, endDate: B0 - 1 })).toEqual({ rows: [], total: 0, others: 0 });
      });
    });

    describe('against an in-memory reference, on a generated project', () => {
      const sessions = generateProject(400, 7);
      let projectId: number;
      beforeAll(async () => {
        projectId = await store.load(sessions);
      });

      it('answers series like the reference, for every filter, range, bucket and measure', async () => {
        for (const f of FILTER_CASES) {
          for (const s of GENERATED_SERIES) {
            for (const measure of MEASURES) {
              const actual = await store.service.series({ projectId, filter: f.filter, range: s.range, bucketMs: s.bucketMs, measure }, ADMIN);
              expect(actual, `${f.name}, ${s.name}, ${measure}`).toEqual(referenceSeries(sessions, s.range, s.bucketMs, measure, f.matches));
            }
          }
        }
      });

      it('answers breakdowns like the reference, for every filter, dimension and measure', async () => {
        const range = GENERATED_SERIES[1]!.range;
        for (const f of FILTER_CASES) {
          for (const by of DIMENSIONS) {
            for (const measure of MEASURES) {
              const limit = by === 'url' || by === 'issue' ? 3 : 100;
              const actual = await store.service.breakdown({ projectId, filter: f.filter, range, by, measure, limit }, ADMIN);
              expect(actual, `${f.name}, by ${by}, ${measure}`).toEqual(referenceBreakdown(sessions, range, by, measure, limit, f.matches));
            }
          }
        }
      });

      it('has data that tells the cases apart (each filter keeps some sessions and drops others)', () => {
        const range = GENERATED_SERIES[0]!.range;
        for (const f of FILTER_CASES.slice(1, -1)) {
          const kept = referenceSeries(sessions, range, DAY, 'sessionCount', f.matches).total;
          expect(kept, f.name).toBeGreaterThan(5);
          expect(kept, f.name).toBeLessThan(sessions.sessions.length - 5);
        }
      });
    });

    describe('bad input: a 400 naming the problem', () => {
      const RANGE: AnalyticsRange = { startDate: T0, endDate: T0 + DAY - 1 };
      let projectId: number;
      beforeAll(async () => {
        projectId = await load([]);
      });
      const seriesQuery = (over: Partial<Record<keyof SeriesQuery, unknown>>) => ({ projectId, filter: {}, range: RANGE, bucketMs: HOUR, measure: 'sessionCount', ...over }) as SeriesQuery;
      const breakdownQuery = (over: Partial<Record<keyof BreakdownQuery, unknown>>) => ({ projectId, filter: {}, range: RANGE, by: 'browser', measure: 'sessionCount', limit: 10, ...over }) as BreakdownQuery;
      const badRequest = (message: RegExp) => ({ statusCode: 400, message: expect.stringMatching(message) });

      it('refuses a range out of order or not in epoch milliseconds', async () => {
        for (const range of [{ startDate: T0 + 1, endDate: T0 }, { startDate: 1.5, endDate: T0 }, { startDate: T0 }, { startDate: -1, endDate: T0 }, null]) {
          await expect(store.service.series(seriesQuery({ range }), ADMIN), JSON.stringify(range)).rejects.toMatchObject(badRequest(/range/));
          await expect(store.service.breakdown(breakdownQuery({ range }), ADMIN), JSON.stringify(range)).rejects.toMatchObject(badRequest(/range/));
        }
        await expect(store.service.series(seriesQuery({ range: { startDate: T0 + 1, endDate: T0 } }), ADMIN)).rejects.toMatchObject(badRequest(/range\.startDate \(\d+\) is after range\.endDate/));
      });

      it('refuses buckets under a minute, not whole, or more than 1000 over the range', async () => {
        for (const bucketMs of [59_999, 0, -HOUR, 90_000.5, '3600000', null]) {
          await expect(store.service.series(seriesQuery({ bucketMs }), ADMIN), String(bucketMs)).rejects.toMatchObject(badRequest(/bucketMs must be a whole number of milliseconds, at least 60000/));
        }
        const thousandMinutes = { startDate: T0, endDate: T0 + 1000 * MINUTE - 1 };
        expect((await store.service.series(seriesQuery({ range: thousandMinutes, bucketMs: MINUTE }), ADMIN)).points).toHaveLength(1000);
        await expect(store.service.series(seriesQuery({ range: { startDate: T0, endDate: T0 + 1000 * MINUTE }, bucketMs: MINUTE }), ADMIN)).rejects.toMatchObject(
          badRequest(/into 1001 buckets; at most 1000 are allowed, so use a bucketMs of at least 60001/),
        );
        await expect(store.service.series(seriesQuery({ range: { startDate: 0, endDate: T0 }, bucketMs: DAY }), ADMIN)).rejects.toMatchObject(badRequest(/at most 1000/));
      });

      it('refuses an unknown measure or dimension, and a limit outside 1..100', async () => {
        await expect(store.service.series(seriesQuery({ measure: 'pageViews' }), ADMIN)).rejects.toMatchObject(badRequest(/measure must be one of: sessionCount, userCount; got "pageViews"/));
        await expect(store.service.breakdown(breakdownQuery({ measure: undefined }), ADMIN)).rejects.toMatchObject(badRequest(/measure must be one of/));
        await expect(store.service.breakdown(breakdownQuery({ by: 'referrer' }), ADMIN)).rejects.toMatchObject(badRequest(/by must be one of: issue, browser, os, device, country, url; got "referrer"/));
        for (const limit of [0, 101, 2.5, '10', undefined]) {
          await expect(store.service.breakdown(breakdownQuery({ limit }), ADMIN), String(limit)).rejects.toMatchObject(badRequest(/limit must be a whole number from 1 to 100/));
        }
        expect((await store.service.breakdown(breakdownQuery({ limit: 100 }), ADMIN)).rows).toEqual([]);
      });

      it('refuses a filter the session search could not read, with its message', async () => {
        await expect(store.service.series(seriesQuery({ filter: 'browser=Chrome' }), ADMIN)).rejects.toMatchObject(badRequest(/filter must be a session search filter/));
        await expect(store.service.breakdown(breakdownQuery({ filter: { filters: [{ type: 'NOT_A_KEY', operator: 'is', value: ['x'] }] } }), ADMIN)).rejects.toMatchObject(
          badRequest(/Unknown filter key "NOT_A_KEY"/),
        );
        await expect(store.service.series(seriesQuery({ filter: { filters: [{ type: 'USERBROWSER', operator: 'before', value: ['x'] }] } }), ADMIN)).rejects.toMatchObject(badRequest(/compares dates/));
      });
    });

    describe('Developer Tools data in a filter', () => {
      const RANGE: AnalyticsRange = { startDate: T0, endDate: T0 + DAY - 1 };
      const failedRequests: SessionSearchFilter = { events: [{ type: 'FETCH', operator: 'isAny', value: [], filters: [{ type: 'FETCH_STATUS_CODE', operator: '>=', value: [500] }] }] };
      const cpu: SessionSearchFilter = { filters: [{ type: 'AVG_CPU_LOAD', operator: 'isAny', value: [], source: [50], sourceOperator: '>' }] };
      let projectId: number;
      beforeAll(async () => {
        projectId = await load([]);
      });

      it('is refused with a 403 naming the key when the reader lacks Developer Tools', async () => {
        const replayOnly: FilterCompileContext = { reader: memberReader('SESSION_REPLAY', 'METRICS') };
        await expect(store.service.series({ projectId, filter: failedRequests, range: RANGE, bucketMs: HOUR, measure: 'sessionCount' }, replayOnly)).rejects.toMatchObject({
          statusCode: 403,
          message: expect.stringMatching(/FETCH.*Developer Tools/),
        });
        await expect(store.service.breakdown({ projectId, filter: cpu, range: RANGE, by: 'browser', measure: 'userCount', limit: 5 }, replayOnly)).rejects.toMatchObject({
          statusCode: 403,
          message: expect.stringMatching(/AVG_CPU_LOAD.*Developer Tools/),
        });
      });

      it('is answered for a reader holding Developer Tools', async () => {
        const devTools: FilterCompileContext = { reader: memberReader('METRICS', 'DEV_TOOLS') };
        expect((await store.service.series({ projectId, filter: failedRequests, range: RANGE, bucketMs: DAY, measure: 'sessionCount' }, devTools)).points).toEqual([{ timestamp: T0, value: 0 }]);
        expect(await store.service.breakdown({ projectId, filter: cpu, range: RANGE, by: 'browser', measure: 'userCount', limit: 5 }, devTools)).toEqual({ rows: [], total: 0, others: 0 });
      });
    });
  });
}
