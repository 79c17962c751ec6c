/**
 * The errors list and detail at volume: the requests the errors pages send, through the real
 * routes (`app.inject` with an admin's token), timed after warm-up runs. Figures only.
 */
import { performance } from 'node:perf_hooks';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import type { ErrorsBenchDatabase } from './errors-database.js';
import { percentile } from './latency.js';

export interface ErrorsRequest {
  name: string;
  method: 'GET' | 'POST';
  /** Under `/api/{projectId}`. */
  path: string;
  body?: Record<string, unknown>;
}

export interface RequestFigures {
  name: string;
  method: string;
  path: string;
  body?: Record<string, unknown>;
  status: number;
  /** What the answer counted: the list's total, the detail's occurrences, the badge's number. */
  rows: number | null;
  p50: number | null;
  p95: number | null;
  min: number | null;
  max: number | null;
  error?: string;
}

/** The groups the detail requests look at: the most frequent one, and one of the least. */
export interface SampleGroups {
  biggest: { errorId: string; occurrences: number };
  small: { errorId: string; occurrences: number };
}

export async function sampleGroups(db: ErrorsBenchDatabase): Promise<SampleGroups> {
  const service = db.kernel.kernel.resolve(coreServices.database);
  const ranked = await service.sql<{ error_id: string; n: number }>(sql`select o.error_id, count(*)::int as n from errors_occurrences o where o.project_id = ${db.manifest.projectId} group by o.error_id order by n desc, o.error_id`);
  if (!ranked.length) throw new Error('the benchmark project has no occurrences');
  const biggest = ranked[0]!;
  // The tenth percentile from the bottom: small, but an error someone would open.
  const small = ranked[Math.floor(ranked.length * 0.9)]!;
  return { biggest: { errorId: biggest.error_id, occurrences: Number(biggest.n) }, small: { errorId: small.error_id, occurrences: Number(small.n) } };
}

const DAY_MS = 86_400_000;

/** What the errors pages ask for, in the order a visit asks it (the detail marks its error viewed, so it comes last). */
export function typicalErrorsRequests(groups: SampleGroups, windowEnd: number): ErrorsRequest[] {
  const { biggest, small } = groups;
  return [
    { name: 'list: unresolved, last occurrence (default)', method: 'POST', path: '/errors/search', body: {} },
    { name: 'list: sort by users', method: 'POST', path: '/errors/search', body: { sort: 'users' } },
    { name: 'list: sort by occurrences', method: 'POST', path: '/errors/search', body: { sort: 'occurrences' } },
    { name: 'list: text "undefined"', method: 'POST', path: '/errors/search', body: { query: 'undefined' } },
    { name: 'list: bookmarked, any status', method: 'POST', path: '/errors/search', body: { bookmarked: true, status: 'all' } },
    { name: 'list: all statuses, past 7 days', method: 'POST', path: '/errors/search', body: { status: 'all', startDate: windowEnd - 7 * DAY_MS, endDate: windowEnd } },
    { name: 'stats: unviewed badge (7 days)', method: 'GET', path: '/errors/stats' },
    { name: `sessions of the biggest (${biggest.occurrences.toLocaleString('en-US')} occ.)`, method: 'GET', path: `/errors/${biggest.errorId}/sessions` },
    { name: 'sessions of the biggest, page 50', method: 'GET', path: `/errors/${biggest.errorId}/sessions?page=50` },
    { name: `detail: biggest (${biggest.occurrences.toLocaleString('en-US')} occ.)`, method: 'GET', path: `/errors/${biggest.errorId}` },
    { name: `detail: small (${small.occurrences.toLocaleString('en-US')} occ.)`, method: 'GET', path: `/errors/${small.errorId}` },
  ];
}

function rowsOf(data: any): number | null {
  if (typeof data?.total === 'number') return data.total;
  if (typeof data?.occurrences === 'number') return data.occurrences;
  if (typeof data?.unresolvedUnviewed === 'number') return data.unresolvedUnviewed;
  return null;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export async function timeRequest(db: ErrorsBenchDatabase, request: ErrorsRequest, runs: number, warmup: number): Promise<RequestFigures> {
  const url = `/api/${db.manifest.projectId}${request.path}`;
  const once = async () => {
    const started = performance.now();
    const res = await db.kernel.request(request.method, url, { token: db.token, ...(request.body ? { body: request.body } : {}) });
    return { ms: performance.now() - started, res };
  };
  const described = { name: request.name, method: request.method, path: request.path, ...(request.body ? { body: request.body } : {}) };
  const first = await once();
  if (first.res.status !== 200) {
    const error = JSON.stringify(first.res.body?.errors ?? first.res.body).slice(0, 200);
    return { ...described, status: first.res.status, rows: null, p50: null, p95: null, min: null, max: null, error };
  }
  for (let i = 1; i < warmup; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push((await once()).ms);
  return {
    ...described,
    status: 200,
    rows: rowsOf(first.res.body.data),
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    min: round(Math.min(...samples)),
    max: round(Math.max(...samples)),
  };
}
