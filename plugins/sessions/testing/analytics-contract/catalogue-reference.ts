// The catalogue widgets computed in memory from a catalogue project, straight from what
// shared/catalogue-analytics.ts and the widgets' comments say: the known answers a store's
// catalogueWidget must give. Written apart from the SQL, plainly, one widget at a time.
import type { AnalyticsRange } from '../../shared/analytics.js';
import type { CataloguePoint, CatalogueTableRow, CatalogueWidgetAnswer, CatalogueWidgetKey, ResourceKind } from '../../shared/catalogue-analytics.js';
import { RESOURCE_KINDS } from '../../shared/catalogue-analytics.js';
import type { CatalogueEvent, CataloguePageTimings, CatalogueProject, CatalogueSession } from './catalogue-project.js';

export interface ReferenceQuery {
  key: CatalogueWidgetKey;
  range: AnalyticsRange;
  density: number;
  matches: (s: CatalogueSession) => boolean;
  value?: string;
  resourceKind?: ResourceKind;
}

/** Mirrors the limits of the implementation's answers (rows shown, domains charted, ...). */
const TABLE_ROWS = 50;
const CHARTED_DOMAINS = 5;
const VERSIONS = 3;
const HISTOGRAM = 20;
const PERCENTILES = [50, 75, 90, 95, 99];

type Page = Extract<CatalogueEvent, { kind: 'page' }>;
type Request = Extract<CatalogueEvent, { kind: 'request' }>;
type Resource = Extract<CatalogueEvent, { kind: 'resource' }>;
type Sample = Extract<CatalogueEvent, { kind: 'sample' }>;

const average = (values: readonly number[]): number | null => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);
const codePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const domain = (url: string) => new URL(url).host.split(':')[0]!;
const timing = (p: Page, key: keyof CataloguePageTimings): number | null => {
  const v = p.timings[key];
  return v !== undefined && v > 0 ? v : null;
};

function kindOf(e: Request | Resource): ResourceKind {
  if (e.kind === 'request' || ['fetch', 'xmlhttprequest', 'beacon'].includes(e.initiator)) return 'fetch';
  if (['img', 'image', 'icon', 'input'].includes(e.initiator)) return 'img';
  if (e.initiator === 'script') return 'script';
  if (e.initiator === 'link') return 'stylesheet';
  if (['video', 'audio', 'track'].includes(e.initiator)) return 'media';
  return 'other';
}

export function referenceWidget(project: CatalogueProject, q: ReferenceQuery): CatalogueWidgetAnswer | null {
  const { key, range } = q;
  const bucketMs = Math.max(1, Math.ceil((range.endDate - range.startDate + 1) / q.density));
  const buckets = Math.floor((range.endDate - range.startDate) / bucketMs) + 1;
  const sessions = new Map(project.sessions.map((s) => [s.sessionId, s]));
  const inSpan = (ts: number, span: AnalyticsRange) => ts >= span.startDate && ts <= span.endDate;
  const picked = (sessionId: string, span: AnalyticsRange) => {
    const s = sessions.get(sessionId)!;
    return q.matches(s) && inSpan(s.startedAt, span);
  };
  /** Events of the span whose session started within it. */
  const eventsOf = <K extends CatalogueEvent['kind']>(kind: K, span: AnalyticsRange = range) =>
    project.catalogueEvents.filter((e): e is Extract<CatalogueEvent, { kind: K }> => e.kind === kind && inSpan(e.ts, span) && picked(e.sessionId, span));
  const bucketOf = (ts: number) => Math.floor((ts - range.startDate) / bucketMs);
  const chartOf = <T extends { ts: number }>(rows: readonly T[], measure: (rows: T[]) => number | null): CataloguePoint[] =>
    Array.from({ length: buckets }, (_, b) => ({ timestamp: range.startDate + b * bucketMs, value: measure(rows.filter((r) => bucketOf(r.ts) === b)) }));
  const countOf = (rows: readonly unknown[]) => rows.length;
  const sessionsOf = (rows: readonly { sessionId: string }[]) => new Set(rows.map((r) => r.sessionId)).size;
  const base = { key, bucketMs };
  const series = <T extends { ts: number }>(defs: { name: string; unit: 'count' | 'ms' | 'bytes' | 'percent' | 'fps'; rows: T[]; measure: (rows: T[]) => number | null }[]): CatalogueWidgetAnswer => {
    const charts = defs.map((d) => chartOf(d.rows, d.measure));
    return {
      ...base,
      kind: 'timeseries',
      series: defs.map((d) => ({ name: d.name, unit: d.unit, total: d.measure(d.rows) })),
      chart: Array.from({ length: buckets }, (_, b) => ({ timestamp: range.startDate + b * bucketMs, values: Object.fromEntries(defs.map((d, i) => [d.name, charts[i]![b]!.value])) })),
    };
  };
  const ranked = <T extends { ts: number; sessionId: string }>(
    rows: T[],
    name: (r: T) => string | null,
    value: (rows: T[]) => number,
    options: { details?: (rows: T[]) => Record<string, number | string | null>; chart?: (rows: T[]) => number | null } = {},
  ) => {
    const groups = new Map<string, T[]>();
    for (const r of rows) {
      const n = name(r);
      if (n) groups.set(n, [...(groups.get(n) ?? []), r]);
    }
    const all = [...groups.entries()].map(([n, rs]) => ({ n, rs, v: value(rs) })).sort((a, b) => b.v - a.v || codePoint(a.n, b.n));
    const shown: CatalogueTableRow[] = all.slice(0, TABLE_ROWS).map(({ n, rs, v }) => ({
      name: n,
      value: v,
      ...(options.details ? { details: options.details(rs) } : {}),
      ...(options.chart ? { chart: chartOf(rs, options.chart) } : {}),
    }));
    const named = rows.filter((r) => name(r));
    return { rows: shown, total: named.length ? value(named) : 0, others: Math.max(0, all.length - shown.length) };
  };

  const pageAverage = (column: keyof CataloguePageTimings, rows: Page[]) => average(rows.map((p) => timing(p, column)!));
  const pagesWith = (column: keyof CataloguePageTimings, span: AnalyticsRange = range) => eventsOf('page', span).filter((p) => timing(p, column) !== null && (q.value === undefined || p.path === q.value));

  const overview = <T extends { ts: number }>(unit: 'count' | 'ms' | 'bytes' | 'percent' | 'fps' | 'pages', rowsOf: (span: AnalyticsRange) => T[], measure: (rows: T[]) => number | null): CatalogueWidgetAnswer => {
    const previous = range.startDate === 0 ? null : { startDate: Math.max(0, range.startDate - (range.endDate - range.startDate) - 1), endDate: range.startDate - 1 };
    const rows = rowsOf(range);
    const value = measure(rows);
    const previousValue = previous ? measure(rowsOf(previous)) : null;
    const progress = value === null || previousValue === null || previousValue === 0 ? null : Math.round(((value - previousValue) / previousValue) * 1000) / 10;
    return { ...base, kind: 'overview', unit, value, previousValue, progress, chart: chartOf(rows, measure) };
  };
  const sessionRows = (span: AnalyticsRange) => project.sessions.filter((s) => q.matches(s) && inSpan(s.startedAt, span)).map((s) => ({ ...s, ts: s.startedAt }));
  const pageOverview = (column: keyof CataloguePageTimings) => overview('ms', (span) => pagesWith(column, span), (rows) => pageAverage(column, rows));
  const sampleField = (s: Sample, field: 'cpu' | 'memoryUsed' | 'fps') => s[field];
  const samplesWith = (field: 'cpu' | 'memoryUsed' | 'fps', span: AnalyticsRange = range) => eventsOf('sample', span).filter((s) => sampleField(s, field) !== null);
  const sampleAverage = (field: 'cpu' | 'memoryUsed' | 'fps') => (rows: Sample[]) => average(rows.map((s) => sampleField(s, field)!));
  const network = () => [...eventsOf('request'), ...eventsOf('resource')];
  const statusOf = (e: Request | Resource) => e.status;

  switch (key) {
    case 'count_sessions':
      return overview('count', sessionRows, countOf);
    case 'avg_request_load_time':
      return overview('ms', (span) => eventsOf('request', span).filter((r) => r.duration > 0), (rows) => average(rows.map((r) => r.duration)));
    case 'avg_page_load_time':
      return pageOverview('load');
    case 'avg_image_load_time':
      return overview('ms', (span) => eventsOf('resource', span).filter((r) => r.duration > 0 && !r.failed && kindOf(r) === 'img'), (rows) => average(rows.map((r) => r.duration)));
    case 'avg_dom_content_load_start':
      return pageOverview('domContentLoadedStart');
    case 'avg_first_contentful_pixel':
      return pageOverview('firstContentfulPaint');
    case 'avg_visited_pages': {
      const pagesCount = (s: CatalogueSession) => project.catalogueEvents.filter((e) => e.kind === 'page' && e.sessionId === s.sessionId).length;
      return overview('pages', (span) => sessionRows(span).filter((s) => pagesCount(s) > 0), (rows) => average(rows.map(pagesCount)));
    }
    case 'avg_session_duration':
      return overview('ms', (span) => sessionRows(span).filter((s) => s.durationMs > 0), (rows) => average(rows.map((s) => s.durationMs)));
    case 'avg_pages_dom_buildtime':
      return pageOverview('domBuilding');
    case 'avg_pages_response_time':
    case 'avg_response_time':
      return pageOverview('responseTime');
    case 'avg_first_paint':
      return pageOverview('firstPaint');
    case 'avg_dom_content_loaded':
      return pageOverview('domContentLoaded');
    case 'avg_till_first_byte':
      return pageOverview('ttfb');
    case 'avg_time_to_interactive':
      return pageOverview('timeToInteractive');
    case 'count_requests':
      return overview('count', (span) => eventsOf('request', span), countOf);
    case 'avg_used_js_heap_size':
      return overview('bytes', (span) => samplesWith('memoryUsed', span), sampleAverage('memoryUsed'));
    case 'avg_cpu':
      return overview('percent', (span) => samplesWith('cpu', span), sampleAverage('cpu'));
    case 'avg_fps':
      return overview('fps', (span) => samplesWith('fps', span), sampleAverage('fps'));
    case 'avg_time_to_render':
    case 'time_to_render':
    case 'resources_vs_visually_complete':
      // Not collected: the store answers `unavailable` with its reason (the contract checks it).
      return null;

    case 'impacted_sessions_by_js_errors': {
      const errors = eventsOf('error');
      return series([
        { name: 'sessions', unit: 'count', rows: errors, measure: sessionsOf },
        { name: 'errors', unit: 'count', rows: errors, measure: countOf },
      ]);
    }
    case 'domains_errors_4xx':
    case 'domains_errors_5xx': {
      const statusClass = key === 'domains_errors_4xx' ? 4 : 5;
      const failing = network().filter((e) => statusOf(e) !== null && Math.trunc(statusOf(e)! / 100) === statusClass);
      const perDomain = new Map<string, number>();
      for (const e of failing) perDomain.set(domain(e.url), (perDomain.get(domain(e.url)) ?? 0) + 1);
      const top = [...perDomain.entries()].sort((a, b) => b[1] - a[1] || codePoint(a[0], b[0])).slice(0, CHARTED_DOMAINS);
      return series(top.map(([name]) => ({ name, unit: 'count' as const, rows: failing.filter((e) => domain(e.url) === name), measure: countOf })));
    }
    case 'errors_per_domains': {
      const failing = network().filter((e) => statusOf(e) !== null && statusOf(e)! >= 400 && statusOf(e)! < 600);
      return { ...base, kind: 'table', unit: 'count', ...ranked(failing, (e) => domain(e.url), countOf) };
    }
    case 'calls_errors': {
      const failing = eventsOf('request').filter((r) => r.status >= 400 && r.status < 600);
      const found = ranked(failing, (r) => `${r.method} ${new URL(r.url).host}${new URL(r.url).pathname}`, countOf, {
        details: (rows) => ({ '4xx': rows.filter((r) => Math.trunc(r.status / 100) === 4).length, '5xx': rows.filter((r) => Math.trunc(r.status / 100) === 5).length }),
      });
      return { ...base, kind: 'table', unit: 'count', ...found };
    }
    case 'errors_per_type': {
      const rows = network();
      const ofClass = (c: number) => rows.filter((e) => statusOf(e) !== null && Math.trunc(statusOf(e)! / 100) === c);
      return series<{ ts: number; sessionId: string }>([
        { name: '4xx', unit: 'count', rows: ofClass(4), measure: countOf },
        { name: '5xx', unit: 'count', rows: ofClass(5), measure: countOf },
        { name: 'js', unit: 'count', rows: eventsOf('error'), measure: countOf },
      ]);
    }
    case 'resources_by_party': {
      const failed = eventsOf('resource').filter((r) => r.failed || (r.status !== null && r.status >= 400));
      const firstParty = (r: Resource) => {
        const first = sessions.get(r.sessionId)!.firstUrl;
        if (!first) return false;
        const site = new URL(first).hostname.toLowerCase().replace(/^www\./, '');
        const host = domain(r.url).toLowerCase();
        return host === site || host.endsWith(`.${site}`);
      };
      return series([
        { name: 'firstParty', unit: 'count', rows: failed.filter(firstParty), measure: countOf },
        { name: 'thirdParty', unit: 'count', rows: failed.filter((r) => !firstParty(r)), measure: countOf },
      ]);
    }

    case 'speed_location': {
      const pages = pagesWith('speedIndex');
      const perCountry = new Map<string, Page[]>();
      for (const p of pages) {
        const country = sessions.get(p.sessionId)!.country;
        if (country) perCountry.set(country, [...(perCountry.get(country) ?? []), p]);
      }
      const rows = [...perCountry.entries()].map(([country, ps]) => ({ country, value: pageAverage('speedIndex', ps)!, count: ps.length })).sort((a, b) => b.value - a.value || codePoint(a.country, b.country));
      return { ...base, kind: 'map', unit: 'ms', value: pageAverage('speedIndex', pages), rows };
    }
    case 'slowest_domains': {
      const rows = network().filter((e) => e.duration > 0);
      return { ...base, kind: 'table', unit: 'ms', ...ranked(rows, (e) => domain(e.url), (rs) => average(rs.map((e) => e.duration))!, { details: (rs) => ({ count: rs.length }) }) };
    }
    case 'sessions_per_browser':
    case 'crashes': {
      const rows =
        key === 'crashes'
          ? project.issues.filter((i) => i.type === 'crash' && inSpan(i.ts, range) && picked(i.sessionId, range)).map((i) => ({ ts: i.ts, sessionId: i.sessionId }))
          : sessionRows(range).map((s) => ({ ts: s.startedAt, sessionId: s.sessionId }));
      const browserOf = (r: { sessionId: string }) => sessions.get(r.sessionId)!.browser;
      const found = ranked(rows, browserOf, sessionsOf);
      for (const row of found.rows) {
        const perVersion = new Map<string, Set<string>>();
        for (const r of rows.filter((r) => browserOf(r) === row.name)) {
          const version = sessions.get(r.sessionId)!.browserVersion || 'unknown';
          perVersion.set(version, (perVersion.get(version) ?? new Set()).add(r.sessionId));
        }
        row.parts = [...perVersion.entries()].map(([name, ids]) => ({ name, value: ids.size })).sort((a, b) => b.value - a.value || codePoint(a.name, b.name)).slice(0, VERSIONS);
      }
      if (key === 'sessions_per_browser') return { ...base, kind: 'table', unit: 'count', ...found };
      const answer = series([{ name: 'sessions', unit: 'count', rows, measure: sessionsOf }]);
      return { ...answer, rows: found.rows } as CatalogueWidgetAnswer;
    }
    case 'impacted_sessions_by_slow_pages': {
      const pages = pagesWith('responseTime');
      const avg = pageAverage('responseTime', pages);
      const slow = avg === null ? [] : pages.filter((p) => timing(p, 'responseTime')! > 2 * avg);
      return series([{ name: 'sessions', unit: 'count', rows: slow, measure: sessionsOf }]);
    }
    case 'memory_consumption':
      return series([{ name: 'memoryUsed', unit: 'bytes', rows: samplesWith('memoryUsed'), measure: sampleAverage('memoryUsed') }]);
    case 'cpu':
      return series([{ name: 'cpu', unit: 'percent', rows: samplesWith('cpu'), measure: sampleAverage('cpu') }]);
    case 'fps':
      return series([{ name: 'fps', unit: 'fps', rows: samplesWith('fps'), measure: sampleAverage('fps') }]);
    case 'pages_dom_buildtime':
      return series([{ name: 'domBuildTime', unit: 'ms', rows: pagesWith('domBuilding'), measure: (rows) => pageAverage('domBuilding', rows) }]);
    case 'pages_response_time':
      return series([{ name: 'responseTime', unit: 'ms', rows: pagesWith('responseTime'), measure: (rows) => pageAverage('responseTime', rows) }]);
    case 'pages_response_time_distribution': {
      const values = pagesWith('responseTime').map((p) => timing(p, 'responseTime')!).sort((a, b) => a - b);
      const n = values.length;
      const largest = n ? values[n - 1]! : 0;
      const width = Math.max(1, Math.ceil((largest + 1) / HISTOGRAM));
      return {
        ...base,
        kind: 'distribution',
        unit: 'ms',
        count: n,
        average: average(values),
        buckets: n ? Array.from({ length: HISTOGRAM }, (_, b) => ({ from: b * width, to: (b + 1) * width, count: values.filter((v) => Math.min(Math.floor(v / width), HISTOGRAM - 1) === b).length })) : [],
        percentiles: n ? PERCENTILES.map((percentile) => ({ percentile, value: values[Math.max(1, Math.ceil((percentile / 100) * n)) - 1]! })) : [],
      };
    }

    case 'missing_resources': {
      const failed = eventsOf('resource').filter((r) => r.failed);
      const found = ranked(failed, (r) => r.url, countOf, {
        details: (rows) => ({ sessions: sessionsOf(rows), firstSeen: Math.min(...rows.map((r) => r.ts)), lastSeen: Math.max(...rows.map((r) => r.ts)) }),
        chart: countOf,
      });
      return { ...base, kind: 'table', unit: 'count', ...found };
    }
    case 'slowest_resources': {
      const loaded = eventsOf('resource').filter((r) => !r.failed && r.duration > 0 && (q.value === undefined || r.url === q.value));
      const avg = (rows: Resource[]) => average(rows.map((r) => r.duration));
      const found = ranked(loaded, (r) => r.url, (rows) => avg(rows)!, {
        details: (rows) => ({ kind: [...new Set(rows.map(kindOf))].sort(codePoint)[0]!, count: rows.length }),
        chart: avg,
      });
      return { ...base, kind: 'table', unit: 'ms', ...found };
    }
    case 'resources_loading_time': {
      const kind = q.resourceKind;
      const rows = [...(kind === 'fetch' ? eventsOf('request') : []), ...eventsOf('resource')].filter(
        (e) => (e.kind === 'request' || !e.failed) && e.duration > 0 && (q.value === undefined || e.url === q.value) && (kind === undefined || kindOf(e) === kind),
      );
      return series([{ name: 'loadingTime', unit: 'ms', rows, measure: (rs) => average(rs.map((e) => e.duration)) }]);
    }
    case 'resource_type_vs_response_end':
      return series<{ ts: number; sessionId: string }>([
        { name: 'resources', unit: 'count', rows: eventsOf('resource'), measure: countOf },
        { name: 'requests', unit: 'count', rows: eventsOf('request'), measure: countOf },
        { name: 'responseEnd', unit: 'ms', rows: pagesWith('responseEnd'), measure: (rows) => pageAverage('responseEnd', rows as Page[]) },
      ]);
    case 'resources_count_by_type': {
      const rows = network();
      return series(RESOURCE_KINDS.map((kind) => ({ name: kind, unit: 'count' as const, rows: rows.filter((e) => kindOf(e) === kind), measure: countOf })));
    }
  }
}

/** Answers with their numbers rounded to 6 decimals: the store's float averages and these agree to that. */
export function rounded<T>(answer: T): T {
  return JSON.parse(JSON.stringify(answer, (_, v: unknown) => (typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v))) as T;
}
