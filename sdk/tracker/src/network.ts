import type { NetworkOptions, NetworkRequest } from './options';

/** Never recorded, whatever the settings or the site's sanitizer say. */
export const FORBIDDEN_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'];
const MAX_BODY = 10_000;

export interface NetworkPolicy {
  /** Absolute URL of the ingest point: the tracker's own traffic is never recorded. */
  ingestPoint: string;
  /** Server setting and site option combined. */
  capturePayloads: boolean;
  ignoreHeaders: string[];
  sanitizer?: NetworkOptions['sanitizer'];
  baseUrl?: string;
}

export function absoluteUrl(url: string, base?: string): string {
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}

export function isIngestUrl(url: string, ingestPoint: string, base?: string): boolean {
  const target = absoluteUrl(url, base);
  const root = absoluteUrl(ingestPoint, base).replace(/\/+$/, '');
  return target === root || target.startsWith(root + '/') || target.startsWith(root + '?');
}

function cleanHeaders(headers: Record<string, string> | undefined, drop: Set<string>): Record<string, string> | undefined {
  if (!headers) return undefined;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!drop.has(name.toLowerCase())) out[name.toLowerCase()] = String(value);
  }
  return out;
}

function clipBody(body: string | undefined): string | undefined {
  if (body === undefined) return undefined;
  return body.length > MAX_BODY ? body.slice(0, MAX_BODY) : body;
}

function enforce(req: NetworkRequest, policy: NetworkPolicy, drop: Set<string>): NetworkRequest {
  const out: NetworkRequest = {
    kind: req.kind,
    url: String(req.url),
    method: String(req.method || 'GET').toUpperCase(),
    status: Number(req.status) || 0,
    duration: Math.max(0, Math.round(Number(req.duration) || 0)),
  };
  if (req.requestSize !== undefined) out.requestSize = req.requestSize;
  if (req.responseSize !== undefined) out.responseSize = req.responseSize;
  if (policy.capturePayloads) {
    const reqHeaders = cleanHeaders(req.requestHeaders, drop);
    const resHeaders = cleanHeaders(req.responseHeaders, drop);
    if (reqHeaders) out.requestHeaders = reqHeaders;
    if (resHeaders) out.responseHeaders = resHeaders;
    const reqBody = clipBody(req.requestBody);
    const resBody = clipBody(req.responseBody);
    if (reqBody !== undefined) out.requestBody = reqBody;
    if (resBody !== undefined) out.responseBody = resBody;
  }
  return out;
}

/**
 * The single gate every captured request passes. Our own ingest traffic is dropped; secrets
 * are removed before the site's sanitizer sees the request and again after it, so a sanitizer
 * can edit or drop a request but never add back a secret or a payload the project refuses.
 */
export function sanitizeRequest(raw: NetworkRequest, policy: NetworkPolicy): NetworkRequest | null {
  if (isIngestUrl(raw.url, policy.ingestPoint, policy.baseUrl)) return null;
  const drop = new Set([...FORBIDDEN_HEADERS, ...policy.ignoreHeaders.map((h) => h.toLowerCase())]);
  let req = enforce(raw, policy, drop);
  if (policy.sanitizer) {
    let edited: NetworkRequest | null;
    try {
      edited = policy.sanitizer({ ...req, requestHeaders: req.requestHeaders && { ...req.requestHeaders }, responseHeaders: req.responseHeaders && { ...req.responseHeaders } });
    } catch {
      // A broken sanitizer must not leak what it was meant to clean.
      return null;
    }
    if (!edited) return null;
    req = enforce({ ...edited, kind: req.kind }, policy, drop);
    if (isIngestUrl(req.url, policy.ingestPoint, policy.baseUrl)) return null;
  }
  return req;
}

export function headersToRecord(headers: HeadersInit | Headers | undefined | null): Record<string, string> | undefined {
  if (!headers) return undefined;
  const out: Record<string, string> = {};
  try {
    if (typeof Headers !== 'undefined' && headers instanceof Headers) headers.forEach((v, k) => (out[k.toLowerCase()] = v));
    else if (Array.isArray(headers)) for (const [k, v] of headers) out[String(k).toLowerCase()] = String(v);
    else for (const [k, v] of Object.entries(headers)) out[k.toLowerCase()] = String(v);
  } catch {
    return undefined;
  }
  return out;
}

export function parseRawHeaders(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return out;
}

export function bodyText(body: unknown): string | undefined {
  if (typeof body === 'string') return body;
  if (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) return body.toString();
  return undefined;
}

export function bodySize(body: unknown): number | undefined {
  if (body == null) return undefined;
  if (typeof body === 'string') return body.length;
  if (typeof Blob !== 'undefined' && body instanceof Blob) return body.size;
  if (body instanceof ArrayBuffer) return body.byteLength;
  if (ArrayBuffer.isView(body)) return body.byteLength;
  if (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) return body.toString().length;
  return undefined;
}

const TEXTUAL = /json|text|xml|javascript|graphql|x-www-form-urlencoded/i;

/** Bodies worth reading: text-like, and not a stream that never ends (server-sent events). */
export function isTextual(contentType: string | null | undefined): boolean {
  return !!contentType && TEXTUAL.test(contentType) && !/event-stream/i.test(contentType);
}
