// The analytics port's drill-down (`seriesSessions`), as every store must answer it
// (shared/analytics-drill-down.ts says what it means): the sessions behind a series' bucket and
// behind each breakdown row, the same sessions `series` and `breakdown` count there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilterCompileContext } from '../../api.js';
import type { AnalyticsRange, BreakdownDimension } from '../../shared/analytics.js';
import type { SeriesSessionsQuery } from '../../shared/analytics-drill-down.js';
import { ADMIN_READER } from '../filter-readers.js';
import { toContractProject } from './analytics-project.js';
import { withFreshSessionIds, type AnalyticsUnderTest, type AnalyticsUnderTestFactory } from './contract-project.js';
import { BREAKDOWN_SESSIONS, EDGE_SESSIONS } from './series.contract.js';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 9, 0, 0, 0);
const B0 = Date.UTC(2026, 10, 10, 0, 0, 0);
const B_RANGE: AnalyticsRange = { startDate: B0, endDate: B0 + DAY - 1 };
const ADMIN: FilterCompileContext = { reader: ADMIN_READER };

export function seriesSessionsContract(storeName: string, openStore: AnalyticsUnderTestFactory): void {
  describe(`analytics contract, drill-down sessions: ${storeName}`, () => {
    let store: AnalyticsUnderTest;
    let edgeProject: number;
    let breakdownProject: number;
    /** Case names → the ids they were loaded under. */
    const ids = new Map<string, string>();
    const named = (...names: string[]) => names.map((n) => ids.get(n)!);

    beforeAll(async () => {
      store = await openStore();
      for (const sessions of [EDGE_SESSIONS, BREAKDOWN_SESSIONS]) {
        const template = toContractProject(sessions);
        const fresh = withFreshSessionIds(template);
        template.sessions.forEach((s, i) => ids.set(s.sessionId, fresh.sessions[i]!.sessionId));
        const projectId = await store.load(fresh);
        if (sessions === EDGE_SESSIONS) edgeProject = projectId;
        else breakdownProject = projectId;
      }
    });
    afterAll(async () => {
      await store?.close();
    });

    const edge = (over: Partial<SeriesSessionsQuery>) => store.service.seriesSessions({ projectId: edgeProject, filter: {}, range: { startDate: T0, endDate: T0 + 6 * HOUR - 1 }, limit: 10, offset: 0, ...over }, ADMIN);
    const rowOf = (by: BreakdownDimension, name: string) => store.service.seriesSessions({ projectId: breakdownProject, filter: {}, range: B_RANGE, row: { by, name }, limit: 10, offset: 0 }, ADMIN);

    it("answers a bucket's sessions newest first, the bucket's edges inclusive", async () => {
      expect(await edge({ range: { startDate: T0 + 3 * HOUR, endDate: T0 + 4 * HOUR - 1 } })).toEqual({ sessionIds: named('bucket-3c', 'bucket-3b', 'bucket-3a'), total: 3 });
      expect(await edge({ range: { startDate: T0, endDate: T0 + HOUR - 1 } })).toEqual({ sessionIds: named('end-of-0', 'first'), total: 2 });
      expect(await edge({ range: { startDate: T0 + 2 * HOUR, endDate: T0 + 3 * HOUR - 1 } })).toEqual({ sessionIds: [], total: 0 });
    });

    it('pages through the whole range, and reads the filter but not its dates', async () => {
      expect(await edge({ limit: 2, offset: 2 })).toEqual({ sessionIds: named('bucket-3b', 'bucket-3a'), total: 7 });
      expect(await edge({ offset: 7 })).toEqual({ sessionIds: [], total: 7 });
      const chrome = { filters: [{ type: 'USERBROWSER', operator: 'is', value: ['Chrome'] }], startDate: 0, endDate: 1 };
      expect(await edge({ filter: chrome })).toEqual({ sessionIds: named('end-of-5', 'bucket-3b', 'bucket-3a', 'start-of-1', 'first'), total: 5 });
    });

    it('answers the sessions a breakdown counts in each row', async () => {
      expect(await rowOf('browser', 'Chrome')).toEqual({ sessionIds: named('b2', 'b1'), total: 2 });
      expect(await rowOf('os', 'Windows')).toEqual({ sessionIds: named('b7', 'b3', 'b2'), total: 3 });
      expect(await rowOf('device', 'mobile')).toEqual({ sessionIds: named('b4'), total: 1 });
      expect(await rowOf('country', 'FR')).toEqual({ sessionIds: named('b5', 'b3', 'b1'), total: 3 });
      expect(await rowOf('url', '/home')).toEqual({ sessionIds: named('b5', 'b2', 'b1'), total: 3 });
      expect(await rowOf('issue', 'js_exception')).toEqual({ sessionIds: named('b5', 'b1'), total: 2 });
      // No row is named '' (sessions without a value are in none), and a name nobody has is an empty row.
      expect(await rowOf('country', '')).toEqual({ sessionIds: [], total: 0 });
      expect(await rowOf('browser', 'Opera')).toEqual({ sessionIds: [], total: 0 });
    });

    it('refuses a bad page, row or range with a 400 naming it', async () => {
      await expect(edge({ limit: 0 })).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/limit must be a whole number from 1 to 100/) });
      await expect(edge({ offset: -1 })).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/offset/) });
      await expect(edge({ row: { by: 'referrer' as never, name: 'x' } })).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/by must be one of/) });
      await expect(edge({ range: { startDate: T0 + 1, endDate: T0 } })).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/range\.startDate/) });
    });
  });
}
