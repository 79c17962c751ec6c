import type { ClickEventItem, PerformanceSample, SessionError, SessionEventItem, SessionIssue, SessionLog, SessionResource, StackEvent } from '../shared/session.js';
import type { EventRow, TimingColumn } from './event-rows.js';
import { resourceScore } from './issues/thresholds.js';

/**
 * Turns stored `sessions_events` rows (see event-rows.ts for what each column holds) into
 * the items of the player's Session. Times are relative to the session start.
 */

/** A `sessions_events` row as the detail query selects it: the written row, timings as columns. */
export type StoredEventRow = Omit<EventRow, 'ts' | 'type' | 'timings' | 'samples'> &
  Record<TimingColumn, number | null> & {
    ts: Date | string;
    type: string;
  };

const LOG_LEVELS: ReadonlySet<string> = new Set(['info', 'log', 'warning', 'warn', 'error', 'exception']);

const keyOf = (row: Pick<StoredEventRow, 'seq' | 'idx'>) => `${row.seq}:${row.idx}`;

function timesOf(row: Pick<StoredEventRow, 'ts'>, startedAt: number): { time: number; timestamp: number } {
  const timestamp = new Date(row.ts).getTime();
  // A browser clock slightly behind the server's must not put an event before the start.
  return { time: Math.max(0, timestamp - startedAt), timestamp };
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function headers(v: unknown): Record<string, string> | null {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const out: Record<string, string> = {};
  for (const [k, value] of Object.entries(v as Record<string, unknown>)) if (typeof value === 'string') out[k] = value;
  return out;
}

/** The list shows the last path segment, or the host for a bare origin. */
export function resourceName(url: string): string {
  try {
    const parsed = new URL(url);
    const segments = parsed.pathname.split('/').filter(Boolean);
    return segments.length ? decodeURIComponentSafe(segments[segments.length - 1]!) : parsed.host;
  } catch {
    const segments = url.split(/[?#]/)[0]!.split('/').filter(Boolean);
    return segments[segments.length - 1] ?? url;
  }
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** `PerformanceResourceTiming.initiatorType` to the spec's resource types. */
export function resourceType(initiator: string | null): SessionResource['type'] {
  switch ((initiator ?? '').toLowerCase()) {
    case 'img':
    case 'image':
    case 'imageset':
      return 'img';
    case 'script':
      return 'script';
    case 'css':
    case 'link':
    case 'stylesheet':
      return 'css';
    case 'audio':
    case 'video':
    case 'track':
    case 'media':
      return 'media';
    case 'fetch':
      return 'fetch';
    case 'xmlhttprequest':
    case 'xhr':
      return 'xhr';
    default:
      return 'other';
  }
}

export function toEventItem(row: StoredEventRow, startedAt: number): SessionEventItem | null {
  const base = { key: keyOf(row), ...timesOf(row, startedAt) };
  const target = { path: row.selector ?? '', label: row.label ?? '' };
  switch (row.type) {
    case 'LOCATION':
      return {
        ...base,
        type: 'LOCATION',
        url: row.url ?? '',
        host: row.host,
        path: row.path,
        title: row.label,
        referrer: str(row.payload?.referrer),
        pageLoad: row.load_time,
        fcpTime: row.fcp,
        lcpTime: row.lcp,
        ttfb: row.ttfb,
        loadTime: row.load_time,
        domContentLoadedTime: row.dom_content_loaded,
        domBuildingTime: row.dom_building,
        speedIndex: row.speed_index,
        // The tracker measures no visual completeness; dom_complete is not the same thing.
        visuallyComplete: null,
        timeToInteractive: row.tti,
      };
    case 'CLICK':
      return { ...base, type: 'CLICK', target, targetContent: row.label ?? '', count: 1 };
    case 'INPUT':
      return { ...base, type: 'INPUT', target, value: row.value ?? '' };
    case 'CUSTOM':
      return { ...base, type: 'CUSTOM', name: row.name ?? '', payload: row.payload?.payload ?? null };
    default:
      return null;
  }
}

/** A click-rage issue shown in the event list next to the clicks it is made of. */
export function clickRageItem(issue: SessionIssue): ClickEventItem {
  const payload = issue.payload ?? {};
  const count = num(payload.count);
  return {
    key: `rage:${issue.issueId}`,
    type: 'CLICKRAGE',
    time: issue.time,
    timestamp: issue.timestamp,
    target: { path: str(payload.selector) ?? issue.contextString, label: str(payload.label) ?? '' },
    targetContent: str(payload.label) ?? issue.contextString,
    count: count !== null && count > 0 ? Math.round(count) : 1,
  };
}

export function toError(row: StoredEventRow, startedAt: number): SessionError {
  return {
    key: keyOf(row),
    source: row.label ?? 'js_exception',
    name: row.name ?? 'Error',
    message: row.value ?? '',
    stack: str(row.payload?.stack),
    ...timesOf(row, startedAt),
  };
}

export function toLog(row: StoredEventRow, startedAt: number): SessionLog {
  const level = row.name && LOG_LEVELS.has(row.name) ? (row.name as SessionLog['level']) : 'log';
  return { level, value: row.value ?? '', ...timesOf(row, startedAt) };
}

export function toStackEvent(row: StoredEventRow, startedAt: number): StackEvent {
  const payload = row.payload && Object.keys(row.payload).length ? row.payload : null;
  return {
    key: keyOf(row),
    type: row.type === 'GRAPHQL' ? 'GRAPHQL' : 'STATEACTION',
    name: row.name ?? '',
    method: row.type === 'GRAPHQL' ? row.method : null,
    duration: row.duration,
    payload,
    ...timesOf(row, startedAt),
  };
}

/** FETCH rows (fetch / XHR) and RESOURCE rows (images, scripts, ... that failed or were slow). */
export function toResource(row: StoredEventRow, startedAt: number): SessionResource {
  const url = row.url ?? '';
  const success = row.success !== false;
  const p = row.payload ?? {};
  if (row.type === 'FETCH') {
    return {
      key: keyOf(row),
      type: p.kind === 'xhr' ? 'xhr' : 'fetch',
      url,
      name: resourceName(url),
      method: row.method,
      status: row.status,
      success,
      duration: row.duration,
      ttfb: null,
      score: resourceScore(row.duration, !success),
      ...timesOf(row, startedAt),
      payload: str(p.requestBody),
      response: str(p.responseBody),
      headers: { request: headers(p.requestHeaders), response: headers(p.responseHeaders) },
      encodedBodySize: num(p.responseSize),
      decodedBodySize: null,
    };
  }
  return {
    key: keyOf(row),
    type: resourceType(row.label),
    url,
    name: resourceName(url),
    method: null,
    status: row.status,
    success,
    duration: row.duration,
    ttfb: null,
    score: resourceScore(row.duration, !success),
    ...timesOf(row, startedAt),
    payload: null,
    response: null,
    headers: { request: null, response: null },
    encodedBodySize: num(p.transferSize),
    decodedBodySize: null,
  };
}

export function toPerformanceSample(row: StoredEventRow, startedAt: number): PerformanceSample {
  const p = row.payload ?? {};
  return { ...timesOf(row, startedAt), cpu: num(p.cpu), memoryUsed: num(p.memoryUsed), memoryTotal: num(p.memoryTotal), fps: num(p.fps) };
}
