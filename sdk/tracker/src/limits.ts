import type { StartRequest, TrackerEvent } from './protocol';

/**
 * Field sizes the ingest server accepts. A batch with one field over its bound is refused
 * whole, so values are clipped here, where the cost is a truncated string, not lost data.
 */
export const LIMITS = {
  url: 8_000,
  startUrl: 2_048,
  title: 512,
  short: 1_000,
  text: 60_000,
  method: 32,
  id: 256,
  key: 64,
  initiator: 64,
  headerName: 256,
  headerValue: 8_000,
  headers: 100,
  metadataAtStart: 10,
  revId: 128,
  language: 35,
  timezone: 64,
} as const;

export function clip(value: string, max: number): string {
  return value.length > max ? value.slice(0, max) : value;
}

function clipHeaders(headers: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!headers) return undefined;
  const out: Record<string, string> = {};
  let n = 0;
  for (const [k, v] of Object.entries(headers)) {
    if (n++ >= LIMITS.headers) break;
    out[clip(k, LIMITS.headerName)] = clip(String(v), LIMITS.headerValue);
  }
  return out;
}

/** The event with every string within the server's bounds (a copy when anything changed). */
export function boundEvent(e: TrackerEvent): TrackerEvent {
  switch (e.type) {
    case 'page':
      return { ...e, url: clip(e.url, LIMITS.url), referrer: clip(e.referrer, LIMITS.url), title: clip(e.title, LIMITS.short) };
    case 'page_timing':
      return { ...e, url: clip(e.url, LIMITS.url) };
    case 'click':
      return { ...e, selector: clip(e.selector, LIMITS.text), label: clip(e.label, LIMITS.short) };
    case 'input':
      return { ...e, selector: clip(e.selector, LIMITS.text), label: clip(e.label, LIMITS.short), value: clip(e.value, LIMITS.text) };
    case 'custom':
      return { ...e, name: clip(e.name, LIMITS.short) };
    case 'user_id':
      return { ...e, userId: clip(e.userId, LIMITS.id) };
    case 'user_anonymous_id':
      return { ...e, userAnonymousId: clip(e.userAnonymousId, LIMITS.id) };
    case 'metadata':
      return { ...e, key: clip(e.key, LIMITS.key), value: clip(e.value, LIMITS.short) };
    case 'console':
      return { ...e, value: clip(e.value, LIMITS.text) };
    case 'error': {
      const out = { ...e, name: clip(e.name, LIMITS.short), message: clip(e.message, LIMITS.text) };
      if (e.stack !== undefined) out.stack = clip(e.stack, LIMITS.text);
      return out;
    }
    case 'request': {
      const out = { ...e, url: clip(e.url, LIMITS.url), method: clip(e.method, LIMITS.method) };
      if (e.requestHeaders) out.requestHeaders = clipHeaders(e.requestHeaders);
      if (e.responseHeaders) out.responseHeaders = clipHeaders(e.responseHeaders);
      return out;
    }
    case 'graphql':
      return { ...e, operationName: clip(e.operationName, LIMITS.short) };
    case 'state_action':
      return { ...e, action: clip(e.action, LIMITS.short) };
    case 'resource':
      return { ...e, url: clip(e.url, LIMITS.url), initiator: clip(e.initiator, LIMITS.initiator) };
    case 'issue':
      return { ...e, issueType: clip(e.issueType, LIMITS.key) };
    default:
      return e;
  }
}

/** The start request within the server's bounds: a long URL must not cost the whole visit. */
export function boundStartRequest(req: StartRequest): StartRequest {
  const out: StartRequest = {
    ...req,
    url: clip(req.url, LIMITS.startUrl),
    referrer: clip(req.referrer, LIMITS.startUrl),
    title: clip(req.title, LIMITS.title),
  };
  if (out.language !== undefined) out.language = clip(out.language, LIMITS.language);
  if (out.timezone !== undefined) out.timezone = clip(out.timezone, LIMITS.timezone);
  if (out.revId !== undefined) out.revId = clip(out.revId, LIMITS.revId);
  if (out.userId !== undefined) out.userId = clip(out.userId, LIMITS.id);
  if (out.userAnonymousId !== undefined) out.userAnonymousId = clip(out.userAnonymousId, LIMITS.id);
  if (out.metadata) {
    const entries = Object.entries(out.metadata).slice(0, LIMITS.metadataAtStart);
    out.metadata = Object.fromEntries(entries.map(([k, v]) => [clip(k, LIMITS.key), clip(v, LIMITS.short)]));
  }
  return out;
}
