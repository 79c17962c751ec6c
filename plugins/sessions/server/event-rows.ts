import type { TrackerEvent } from '@cassette/plugin-ingest/api';

/**
 * How tracker events are stored in `sessions_events.type`. The names are the spec's filter
 * keys (part 1 §3) so the search can map a filter to rows without a translation table:
 *
 * | tracker event       | type        | typed columns                                          |
 * |---------------------|-------------|--------------------------------------------------------|
 * | page                | LOCATION    | url, host, path, label = title; timings from page_timing |
 * | page_timing         | (none)      | fills the timing columns of the matching LOCATION row  |
 * | click               | CLICK       | selector, label; payload { x, y, tag, rx, ry }         |
 * | scroll              | SCROLL      | payload { depth, height } (pixels from the page's top) |
 * | input               | INPUT       | selector, label, value (masked in the browser)         |
 * | custom              | CUSTOM      | name, value = payload as JSON                          |
 * | request (fetch/xhr) | FETCH       | url, host, path, method, status, success, duration     |
 * | graphql             | GRAPHQL     | name = operation name, method = operation kind, duration |
 * | state_action        | STATEACTION | name = action                                          |
 * | console             | CONSOLE     | name = level, value = message                          |
 * | error               | ERROR       | name, value = message, label = source                  |
 * | resource            | RESOURCE    | url, host, path, label = initiator, status, duration, success |
 * | performance         | PERFORMANCE | cpu, fps, memory_used; payload { cpu, memoryUsed, memoryTotal, fps } |
 * | issue               | ISSUE       | name = issue type                                      |
 * | user_id             | IDENTIFY    | name = 'userId', value                                 |
 * | user_anonymous_id   | IDENTIFY    | name = 'userAnonymousId', value                        |
 * | metadata            | METADATA    | name = key, value                                      |
 *
 * Everything else an event carries goes to `payload` (jsonb).
 */
export const EVENT_TYPES = {
  location: 'LOCATION',
  click: 'CLICK',
  scroll: 'SCROLL',
  input: 'INPUT',
  custom: 'CUSTOM',
  fetch: 'FETCH',
  graphql: 'GRAPHQL',
  stateAction: 'STATEACTION',
  console: 'CONSOLE',
  error: 'ERROR',
  resource: 'RESOURCE',
  performance: 'PERFORMANCE',
  issue: 'ISSUE',
  identify: 'IDENTIFY',
  metadata: 'METADATA',
} as const;
export type StoredEventType = (typeof EVENT_TYPES)[keyof typeof EVENT_TYPES];

/**
 * The stored events only Developer Tools shows (the player's console, network and performance
 * panels; GraphQL calls and state actions): whatever reads them needs DEV_TOOLS.
 */
export const DEV_TOOLS_EVENT_TYPES: ReadonlySet<StoredEventType> = new Set<StoredEventType>(['CONSOLE', 'FETCH', 'RESOURCE', 'GRAPHQL', 'STATEACTION', 'PERFORMANCE']);

/** The user-facing events the summary's `eventsCount` counts (the player's event list). */
export const COUNTED_EVENT_TYPES: StoredEventType[] = ['LOCATION', 'CLICK', 'INPUT', 'CUSTOM'];

/** Indexed text is capped so a value always fits a btree entry (about 2.7 kB), whatever its script. */
export const INDEXED_TEXT_MAX = 500;
const TEXT_MAX = 2000;
const PAYLOAD_STRING_MAX = 10_000;
const PAYLOAD_DEPTH_MAX = 10;
const PAYLOAD_ITEMS_MAX = 100;

export const TIMING_COLUMNS = ['ttfb', 'dom_content_loaded', 'dom_complete', 'load_time', 'fcp', 'lcp', 'speed_index', 'tti', 'dom_building', 'first_paint', 'response_time', 'response_end', 'dom_content_loaded_start'] as const;
export type TimingColumn = (typeof TIMING_COLUMNS)[number];

/**
 * A performance sample's numbers, in columns of their own as well as in its payload: dashboards
 * average them over weeks of samples, and reading them out of jsonb cost as much as the rest of
 * such a widget (tests/bench `catalogue`).
 */
export const SAMPLE_COLUMNS = ['cpu', 'fps', 'memory_used'] as const;
export type SampleColumn = (typeof SAMPLE_COLUMNS)[number];

export interface EventRow {
  seq: number;
  idx: number;
  ts: Date;
  type: StoredEventType;
  url: string | null;
  host: string | null;
  path: string | null;
  label: string | null;
  selector: string | null;
  value: string | null;
  name: string | null;
  method: string | null;
  status: number | null;
  success: boolean | null;
  duration: number | null;
  timings: Partial<Record<TimingColumn, number | null>>;
  samples: Partial<Record<SampleColumn, number | null>>;
  payload: Record<string, unknown> | null;
}

/** A timing update for the LOCATION row of `url` (from a `page_timing` event). */
export interface TimingUpdate {
  seq: number;
  idx: number;
  url: string;
  timings: Partial<Record<TimingColumn, number | null>>;
}

/** PostgreSQL text cannot hold U+0000; it is dropped rather than fail the whole batch. */
export function text(value: unknown, max = TEXT_MAX): string | null {
  if (typeof value !== 'string') return null;
  const clean = value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  return clean.length > max ? clean.slice(0, max) : clean;
}

function int(value: unknown, { min = 0, max = 2_147_483_647 } = {}): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const n = Math.round(value);
  return n < min || n > max ? null : n;
}

/** A whole percent (0-100), or null. */
function percent(value: unknown): number | null {
  return int(value, { max: 100 });
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A JSON value made safe for jsonb and bounded in size: no U+0000, capped strings, depth and lengths. */
export function boundedJson(value: unknown, depth = 0): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return text(value, PAYLOAD_STRING_MAX);
  if (depth >= PAYLOAD_DEPTH_MAX) return null;
  if (Array.isArray(value)) return value.slice(0, PAYLOAD_ITEMS_MAX).map((v) => boundedJson(v, depth + 1));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>).slice(0, PAYLOAD_ITEMS_MAX)) {
      const key = text(k, 200);
      if (key !== null && v !== undefined) out[key] = boundedJson(v, depth + 1);
    }
    return out;
  }
  return null;
}

function payloadOf(fields: Record<string, unknown>): Record<string, unknown> | null {
  const defined = Object.entries(fields).filter(([, v]) => v !== undefined && v !== null);
  return defined.length ? (boundedJson(Object.fromEntries(defined)) as Record<string, unknown>) : null;
}

function urlParts(raw: unknown): { url: string | null; host: string | null; path: string | null } {
  const url = text(raw);
  if (url === null) return { url: null, host: null, path: null };
  try {
    const parsed = new URL(url);
    return { url, host: text(parsed.host, INDEXED_TEXT_MAX), path: text(parsed.pathname, INDEXED_TEXT_MAX) };
  } catch {
    return { url, host: null, path: text(url, INDEXED_TEXT_MAX) };
  }
}

export function timingsOf(t: Record<string, unknown> | undefined): Partial<Record<TimingColumn, number | null>> {
  const timings = t ?? {};
  return {
    ttfb: int(timings.ttfb),
    dom_content_loaded: int(timings.domContentLoaded),
    dom_complete: int(timings.domComplete),
    load_time: int(timings.load),
    fcp: int(timings.firstContentfulPaint),
    lcp: int(timings.largestContentfulPaint),
    speed_index: int(timings.speedIndex),
    tti: int(timings.timeToInteractive),
    dom_building: int(timings.domBuilding),
    first_paint: int(timings.firstPaint),
    response_time: int(timings.responseTime),
    response_end: int(timings.responseEnd),
    dom_content_loaded_start: int(timings.domContentLoadedStart),
  };
}

/** Jobs must not die on a bad clock: a missing or absurd time falls back to when the batch arrived. */
export function eventTime(ts: unknown, fallback: number): Date {
  const n = num(ts);
  // Before 2000 or after 9999 is a broken clock (and beyond what PostgreSQL parses back from JS dates).
  return new Date(n !== null && n >= 946_684_800_000 && n <= 253_402_300_799_999 ? n : fallback);
}

/** A row's columns before an event fills the ones it has. */
export const EMPTY_EVENT_COLUMNS: Omit<EventRow, 'seq' | 'idx' | 'ts' | 'type'> = {
  url: null,
  host: null,
  path: null,
  label: null,
  selector: null,
  value: null,
  name: null,
  method: null,
  status: null,
  success: null,
  duration: null,
  timings: {},
  samples: {},
  payload: null,
};

/**
 * Turns the semantic events of one batch (or of a slice of it, whose first event is the
 * batch's `firstIdx`-th) into rows (and timing updates). `idx` is the event's position in the
 * batch, so a replayed batch yields the same keys, sliced or not.
 */
export function eventRows(seq: number, events: readonly TrackerEvent[], fallbackTs: number, firstIdx = 0): { rows: EventRow[]; timings: TimingUpdate[] } {
  const rows: EventRow[] = [];
  const timings: TimingUpdate[] = [];
  events.forEach((raw, i) => {
    const idx = firstIdx + i;
    const e = raw as TrackerEvent & Record<string, unknown>;
    const base = { ...EMPTY_EVENT_COLUMNS, seq, idx, ts: eventTime(e.ts, fallbackTs) };
    switch (e.type) {
      case 'page':
        rows.push({ ...base, type: 'LOCATION', ...urlParts(e.url), label: text(e.title, INDEXED_TEXT_MAX), payload: payloadOf({ referrer: text(e.referrer) }) });
        break;
      case 'page_timing': {
        const url = text(e.url);
        if (url !== null) timings.push({ seq, idx, url, timings: timingsOf(e.timings as unknown as Record<string, unknown>) });
        break;
      }
      case 'click':
        rows.push({ ...base, type: 'CLICK', selector: text(e.selector), label: text(e.label, INDEXED_TEXT_MAX), payload: payloadOf({ x: num(e.x), y: num(e.y), tag: text(e.tag, 64), rx: percent(e.rx), ry: percent(e.ry) }) });
        break;
      case 'scroll': {
        const depth = int(e.depth, { max: 10_000_000 });
        const height = int(e.height, { max: 10_000_000 });
        if (depth !== null && height !== null && height > 0) rows.push({ ...base, type: 'SCROLL', payload: { depth: Math.min(depth, height), height } });
        break;
      }
      case 'input':
        rows.push({ ...base, type: 'INPUT', selector: text(e.selector), label: text(e.label, INDEXED_TEXT_MAX), value: text(e.value), payload: payloadOf({ mode: text(e.mode, 20) }) });
        break;
      case 'custom': {
        const payload = e.payload === undefined ? null : boundedJson(e.payload);
        rows.push({ ...base, type: 'CUSTOM', name: text(e.name, INDEXED_TEXT_MAX), value: payload === null ? null : text(JSON.stringify(payload)), payload: payload === null ? null : { payload } });
        break;
      }
      case 'request': {
        const status = int(e.status, { max: 999 });
        rows.push({
          ...base,
          type: 'FETCH',
          ...urlParts(e.url),
          method: text(e.method, 16)?.toUpperCase() ?? null,
          status,
          success: status !== null && status > 0 && status < 400,
          duration: int(e.duration),
          payload: payloadOf({
            kind: text(e.kind, 10),
            requestSize: int(e.requestSize, { max: Number.MAX_SAFE_INTEGER }),
            responseSize: int(e.responseSize, { max: Number.MAX_SAFE_INTEGER }),
            requestHeaders: e.requestHeaders,
            responseHeaders: e.responseHeaders,
            requestBody: text(e.requestBody, PAYLOAD_STRING_MAX),
            responseBody: text(e.responseBody, PAYLOAD_STRING_MAX),
          }),
        });
        break;
      }
      case 'graphql':
        rows.push({
          ...base,
          type: 'GRAPHQL',
          name: text(e.operationName, INDEXED_TEXT_MAX),
          method: text(e.operationKind, 16),
          duration: int(e.duration),
          payload: payloadOf({ variables: text(e.variables, PAYLOAD_STRING_MAX), response: text(e.response, PAYLOAD_STRING_MAX) }),
        });
        break;
      case 'state_action':
        rows.push({ ...base, type: 'STATEACTION', name: text(e.action, INDEXED_TEXT_MAX), payload: payloadOf({ payload: text(e.payload, PAYLOAD_STRING_MAX) }) });
        break;
      case 'console':
        rows.push({ ...base, type: 'CONSOLE', name: text(e.level, 20), value: text(e.value) });
        break;
      case 'error':
        rows.push({
          ...base,
          type: 'ERROR',
          name: text(e.name, INDEXED_TEXT_MAX),
          value: text(e.message),
          label: text(e.source, 40),
          payload: payloadOf({ stack: text(e.stack, PAYLOAD_STRING_MAX) }),
        });
        break;
      case 'resource':
        rows.push({
          ...base,
          type: 'RESOURCE',
          ...urlParts(e.url),
          label: text(e.initiator, 40),
          status: int(e.status, { min: 1, max: 999 }),
          duration: int(e.duration),
          success: e.failed !== true,
          payload: payloadOf({ transferSize: int(e.transferSize, { max: Number.MAX_SAFE_INTEGER }) }),
        });
        break;
      case 'performance':
        rows.push({
          ...base,
          type: 'PERFORMANCE',
          samples: { cpu: num(e.cpu), fps: num(e.fps), memory_used: num(e.memoryUsed) },
          payload: payloadOf({ cpu: num(e.cpu), memoryUsed: num(e.memoryUsed), memoryTotal: num(e.memoryTotal), fps: num(e.fps) }),
        });
        break;
      case 'issue':
        rows.push({ ...base, type: 'ISSUE', name: text(e.issueType, 50), payload: e.payload === undefined ? null : payloadOf({ payload: e.payload }) });
        break;
      case 'user_id':
        rows.push({ ...base, type: 'IDENTIFY', name: 'userId', value: text(e.userId, 256) });
        break;
      case 'user_anonymous_id':
        rows.push({ ...base, type: 'IDENTIFY', name: 'userAnonymousId', value: text(e.userAnonymousId, 256) });
        break;
      case 'metadata':
        rows.push({ ...base, type: 'METADATA', name: text(e.key, 100), value: text(e.value, 500) });
        break;
      default:
        // A newer tracker may send kinds this server does not know yet: skip them, keep the rest.
        break;
    }
  });
  return { rows, timings };
}
