// The analytics port's predefined dashboard widgets (catalogueWidget, catalogueSearch), as every
// store must answer them (shared/catalogue-analytics.ts says what each key computes). A store runs
// it with its own loader (catalogue-project.ts): server/analytics/catalogue/catalogue-contract.test.ts
// runs it on PostgreSQL and PGlite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilterCompileContext } from '../../api.js';
import type { AnalyticsRange } from '../../shared/analytics.js';
import { CATALOGUE_WIDGET_KEYS, CATALOGUE_WIDGETS, type CatalogueWidgetKey, type CatalogueWidgetQuery } from '../../shared/catalogue-analytics.js';
import type { SessionSearchFilter } from '../../shared/search.js';
import { ADMIN_READER, memberReader } from '../filter-readers.js';
import { CATALOGUE_FROM, CATALOGUE_RANGE, generateCatalogueProject } from './catalogue-generator.js';
import type { CatalogueProject, CatalogueSession, CatalogueUnderTest, CatalogueUnderTestFactory } from './catalogue-project.js';
import { referenceWidget, rounded } from './catalogue-reference.js';
import { freshSessionId } from './contract-project.js';

const HOUR = 3_600_000;
const ADMIN: FilterCompileContext = { reader: ADMIN_READER };
const UNAVAILABLE: CatalogueWidgetKey[] = ['avg_time_to_render', 'time_to_render', 'resources_vs_visually_complete'];
const MEASURED = CATALOGUE_WIDGET_KEYS.filter((key) => !UNAVAILABLE.includes(key));

interface FilterCase {
  name: string;
  filter: SessionSearchFilter | undefined;
  matches: (s: CatalogueSession) => boolean;
}
const FILTERS: FilterCase[] = [
  { name: 'no filter', filter: undefined, matches: () => true },
  { name: 'browser is Chrome, country FR', filter: { filters: [{ type: 'USERBROWSER', operator: 'is', value: ['Chrome'] }, { type: 'USERCOUNTRY', operator: 'is', value: ['FR'] }] }, matches: (s) => s.browser === 'Chrome' && s.country === 'FR' },
];

/**
 * Three sessions whose answers are worked out by hand: two in the range (one Chrome in FR, one
 * Firefox in DE), one the day before (the previous period).
 */
const K0 = Date.UTC(2026, 9, 1, 0, 0, 0);
const K_RANGE: AnalyticsRange = { startDate: K0, endDate: K0 + 4 * HOUR - 1 };
function knownProject(): CatalogueProject {
  const [a, b, before] = [freshSessionId(), freshSessionId(), freshSessionId()];
  const session = (sessionId: string, startedAt: number, browser: string, browserVersion: string, country: string): CatalogueSession => ({
    sessionId,
    startedAt,
    durationMs: 60_000,
    userId: null,
    userUuid: null,
    browser,
    browserVersion,
    os: null,
    deviceType: null,
    country,
    metadata: {},
    firstUrl: 'https://shop.example.test/',
  });
  return {
    sessions: [session(a, K0 + 10_000, 'Chrome', '120', 'FR'), session(b, K0 + 2 * HOUR, 'Firefox', '115', 'DE'), session(before, K0 - HOUR, 'Chrome', '119', 'FR')],
    events: [],
    issues: [{ sessionId: b, type: 'crash', contextString: 'NA', ts: K0 + 2 * HOUR + 5_000, seq: 9, idx: 0 }],
    catalogueEvents: [
      { kind: 'page', sessionId: a, ts: K0 + 11_000, path: '/', timings: { load: 1_000, responseTime: 100 } },
      { kind: 'page', sessionId: a, ts: K0 + 20_000, path: '/cart', timings: { load: 3_000, responseTime: 500 } },
      { kind: 'page', sessionId: b, ts: K0 + 2 * HOUR + 1_000, path: '/', timings: { load: 2_000, responseTime: 60 } },
      { kind: 'page', sessionId: before, ts: K0 - HOUR + 1_000, path: '/', timings: { load: 4_000 } },
      { kind: 'request', sessionId: a, ts: K0 + 12_000, url: 'https://shop.example.test/api/cart', method: 'POST', status: 500, duration: 300 },
      { kind: 'request', sessionId: a, ts: K0 + 13_000, url: 'https://shop.example.test/api/cart', method: 'POST', status: 404, duration: 100 },
      { kind: 'request', sessionId: b, ts: K0 + 2 * HOUR + 2_000, url: 'https://shop.example.test/api/cart', method: 'POST', status: 503, duration: 200 },
      { kind: 'resource', sessionId: a, ts: K0 + 14_000, url: 'https://cdn.ads.test/a.png', initiator: 'img', duration: 0, status: null, failed: true },
      { kind: 'resource', sessionId: b, ts: K0 + 2 * HOUR + 3_000, url: 'https://cdn.ads.test/a.png', initiator: 'img', duration: 0, status: 404, failed: true },
      { kind: 'resource', sessionId: b, ts: K0 + 2 * HOUR + 4_000, url: 'https://shop.example.test/logo.png', initiator: 'img', duration: 250, status: 200, failed: false },
    ],
  };
}

export function catalogueContract(storeName: string, openStore: CatalogueUnderTestFactory): void {
  describe(`analytics contract, predefined dashboard widgets: ${storeName}`, () => {
    let store: CatalogueUnderTest;
    let generated: CatalogueProject;
    let generatedId: number;
    let knownId: number;
    beforeAll(async () => {
      store = await openStore();
      generated = generateCatalogueProject(60, 7);
      generatedId = await store.load(generated);
      knownId = await store.load(knownProject());
    });
    afterAll(async () => {
      await store?.close();
    });
    const widget = (query: Omit<CatalogueWidgetQuery, 'projectId'> & { projectId?: number }, context = ADMIN) => store.service.catalogueWidget({ projectId: generatedId, ...query }, context);

    describe('known answers, worked out by hand', () => {
      const known = (key: CatalogueWidgetKey, density = 4) => store.service.catalogueWidget({ projectId: knownId, key, range: K_RANGE, density }, ADMIN);

      it('counts sessions against the previous period, with progress and a small chart', async () => {
        expect(await known('count_sessions')).toEqual({
          key: 'count_sessions',
          kind: 'overview',
          bucketMs: HOUR,
          unit: 'count',
          value: 2,
          previousValue: 1,
          progress: 100,
          chart: [1, 0, 1, 0].map((value, i) => ({ timestamp: K0 + i * HOUR, value })),
        });
      });

      it('averages page load times per bucket, null where nothing loaded', async () => {
        expect(await known('avg_page_load_time')).toMatchObject({ value: 2_000, previousValue: 4_000, progress: -50, chart: [2_000, null, 2_000, null].map((value, i) => ({ timestamp: K0 + i * HOUR, value })) });
      });

      it('ranks failing calls with their 4xx and 5xx, and missing resources with their sessions and times', async () => {
        expect(await known('calls_errors')).toMatchObject({ kind: 'table', rows: [{ name: 'POST shop.example.test/api/cart', value: 3, details: { '4xx': 1, '5xx': 2 } }], total: 3, others: 0 });
        expect(await known('missing_resources')).toMatchObject({
          rows: [{ name: 'https://cdn.ads.test/a.png', value: 2, details: { sessions: 2, firstSeen: K0 + 14_000, lastSeen: K0 + 2 * HOUR + 3_000 }, chart: [1, 0, 1, 0].map((value, i) => ({ timestamp: K0 + i * HOUR, value })) }],
        });
        expect(await known('errors_per_type')).toMatchObject({ series: [{ name: '4xx', total: 2 }, { name: '5xx', total: 2 }, { name: 'js', total: 0 }] });
      });

      it('spreads response times with percentiles, and finds the sessions with a slow page (over twice the average)', async () => {
        // 60, 100, 500: average 220, so only the 500 ms page (session a) is slow.
        expect(await known('pages_response_time_distribution')).toMatchObject({ count: 3, average: 220, percentiles: [{ percentile: 50, value: 100 }, { percentile: 75, value: 500 }, { percentile: 90, value: 500 }, { percentile: 95, value: 500 }, { percentile: 99, value: 500 }] });
        expect(await known('impacted_sessions_by_slow_pages')).toMatchObject({ series: [{ name: 'sessions', total: 1 }], chart: [1, 0, 0, 0].map((sessions, i) => ({ timestamp: K0 + i * HOUR, values: { sessions } })) });
      });

      it('counts crashed sessions per browser with their versions, and images by party', async () => {
        expect(await known('crashes')).toMatchObject({ series: [{ total: 1 }], rows: [{ name: 'Firefox', value: 1, parts: [{ name: '115', value: 1 }] }] });
        expect(await known('resources_by_party')).toMatchObject({ series: [{ name: 'firstParty', total: 0 }, { name: 'thirdParty', total: 2 }] });
        expect(await known('avg_image_load_time')).toMatchObject({ value: 250 });
      });
    });

    describe('every widget against the in-memory reference, on a generated project', () => {
      it('has data that tells the widgets apart: every measured widget answers some number', () => {
        for (const key of MEASURED) {
          const answer = referenceWidget(generated, { key, range: CATALOGUE_RANGE, density: 7, matches: () => true });
          const text = JSON.stringify(answer);
          expect(/[1-9]/.test(text.replace(/"(timestamp|bucketMs|key)":\d+/g, '')), key).toBe(true);
          if (answer && 'chart' in answer && answer.kind !== 'overview') expect(answer.chart.length, key).toBeGreaterThan(0);
        }
      });

      for (const { name, filter, matches } of FILTERS) {
        it.each(MEASURED)(`%s, ${name}`, async (key) => {
          const density = (CATALOGUE_WIDGETS.overview as readonly string[]).includes(key) ? 7 : 24;
          const answer = await widget({ key, range: CATALOGUE_RANGE, density, ...(filter ? { filter } : {}) });
          expect(rounded(answer)).toEqual(rounded(referenceWidget(generated, { key, range: CATALOGUE_RANGE, density, matches })));
        });
      }

      it('answers with the default densities: 7 buckets for overview widgets, 70 for charts', async () => {
        expect(await widget({ key: 'avg_cpu', range: CATALOGUE_RANGE })).toMatchObject({ bucketMs: Math.ceil(86_400_000 / 7) });
        const chart = await widget({ key: 'cpu', range: CATALOGUE_RANGE });
        expect(chart).toMatchObject({ kind: 'timeseries', bucketMs: Math.ceil(86_400_000 / 70) });
        expect(rounded(chart)).toEqual(rounded(referenceWidget(generated, { key: 'cpu', range: CATALOGUE_RANGE, density: 70, matches: () => true })));
      });

      it('narrows a page widget to one path, and the loading time to one kind or URL of resource', async () => {
        const range = { startDate: CATALOGUE_FROM, endDate: CATALOGUE_RANGE.endDate };
        for (const query of [
          { key: 'pages_response_time', value: '/cart' },
          { key: 'pages_dom_buildtime', value: '/checkout' },
          { key: 'impacted_sessions_by_slow_pages', value: '/' },
          { key: 'resources_loading_time', resourceKind: 'img' },
          { key: 'resources_loading_time', resourceKind: 'fetch' },
          { key: 'resources_loading_time', value: 'https://static.shop.example.test/app.js' },
          { key: 'slowest_resources', value: 'https://static.shop.example.test/app.js' },
        ] as const) {
          const answer = await widget({ range, density: 10, ...query });
          expect(rounded(answer), JSON.stringify(query)).toEqual(rounded(referenceWidget(generated, { range, density: 10, matches: () => true, ...query })));
        }
      });

      it.each(UNAVAILABLE)('%s says its data is not collected, and why', async (key) => {
        expect(await widget({ key, range: CATALOGUE_RANGE })).toEqual({ key, kind: 'unavailable', reason: expect.stringMatching(/^Not collected: .*visually complete/) });
      });
    });

    describe('search', () => {
      it('finds the visited paths and loaded resources a widget can narrow to, most frequent first', async () => {
        const range = { startDate: CATALOGUE_FROM, endDate: CATALOGUE_RANGE.endDate };
        const pages = await store.service.catalogueSearch({ projectId: generatedId, key: 'pages_response_time', text: 'C', range, limit: 10 }, ADMIN);
        const paths = generated.catalogueEvents.flatMap((e) => (e.kind === 'page' && e.ts <= range.endDate && generated.sessions.find((s) => s.sessionId === e.sessionId)!.startedAt <= range.endDate ? [e.path] : []));
        // Case-insensitive: "C" is in /cart, /checkout and /products/1.
        const expected = ['/cart', '/checkout', '/products/1'].map((value) => ({ value, count: paths.filter((p) => p === value).length })).sort((x, y) => y.count - x.count || (x.value < y.value ? -1 : 1));
        expect(pages).toEqual({ values: expected });
        const resources = await store.service.catalogueSearch({ projectId: generatedId, key: 'slowest_resources', text: 'ads', range, limit: 1 }, ADMIN);
        expect(resources.values).toEqual([{ value: 'https://cdn.ads.test/banner.png', count: expect.any(Number) }]);
      });
    });

    describe('bad input and permissions', () => {
      const badRequest = (message: RegExp) => ({ statusCode: 400, message: expect.stringMatching(message) });

      it('refuses an unknown key, a density outside 1..200, and a narrowing the widget does not take', async () => {
        await expect(widget({ key: 'busiest_time_of_day' as CatalogueWidgetKey, range: CATALOGUE_RANGE })).rejects.toMatchObject(badRequest(/key must be one of the catalogue widgets/));
        for (const density of [0, 201, 2.5, '7']) {
          await expect(widget({ key: 'cpu', range: CATALOGUE_RANGE, density: density as number }), String(density)).rejects.toMatchObject(badRequest(/density must be a whole number of buckets from 1 to 200/));
        }
        await expect(widget({ key: 'cpu', range: CATALOGUE_RANGE, value: '/cart' })).rejects.toMatchObject(badRequest(/value narrows only/));
        await expect(widget({ key: 'resources_loading_time', range: CATALOGUE_RANGE, resourceKind: 'font' as 'img' })).rejects.toMatchObject(badRequest(/resourceKind must be one of/));
        await expect(widget({ key: 'cpu', range: { startDate: CATALOGUE_RANGE.endDate, endDate: CATALOGUE_RANGE.startDate } })).rejects.toMatchObject(badRequest(/range\.startDate/));
        await expect(widget({ key: 'cpu', range: CATALOGUE_RANGE, filter: 'Chrome' as unknown as SessionSearchFilter })).rejects.toMatchObject(badRequest(/filter must be a session search filter/));
        await expect(store.service.catalogueSearch({ projectId: generatedId, key: 'cpu' as 'pages_response_time', text: '', range: CATALOGUE_RANGE, limit: 5 }, ADMIN)).rejects.toMatchObject(badRequest(/key must be a widget with a search/));
      });

      it('refuses a Developer Tools widget to a reader without Developer Tools, and answers the others', async () => {
        const replayOnly: FilterCompileContext = { reader: memberReader('SESSION_REPLAY', 'METRICS') };
        await expect(widget({ key: 'avg_cpu', range: CATALOGUE_RANGE }, replayOnly)).rejects.toMatchObject({ statusCode: 403, message: expect.stringMatching(/avg_cpu widget.*Developer Tools/) });
        await expect(widget({ key: 'missing_resources', range: CATALOGUE_RANGE }, replayOnly)).rejects.toMatchObject({ statusCode: 403 });
        expect(await widget({ key: 'avg_page_load_time', range: CATALOGUE_RANGE }, replayOnly)).toMatchObject({ kind: 'overview' });
        expect(await widget({ key: 'avg_cpu', range: CATALOGUE_RANGE }, { reader: memberReader('METRICS', 'DEV_TOOLS') })).toMatchObject({ kind: 'overview' });
      });
    });
  });
}
