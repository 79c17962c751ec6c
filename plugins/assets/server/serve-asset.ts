import { badRequest, HttpError, notFound, type RouteContext, type RouteSchema } from '@cassette/plugin-sdk/server';
import type { AssetsDeps } from './deps.js';
import { fetchAsset } from './asset-fetcher.js';
import { findAsset, type AssetRow } from './asset-store.js';
import { rewriteCssUrls } from './css-urls.js';
import { parseRange } from './byte-range.js';

/**
 * The copy is foreign content served under the app's origin: it may not run anything, even
 * opened on its own (an SVG), and may only pull further assets from here.
 */
export const ASSET_CONTENT_SECURITY_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; font-src 'self' data:; media-src 'self'; sandbox";
/** A copy changes only when it is fetched again; the viewer's browser may keep it a day, for itself only. */
export const ASSET_CACHE_CONTROL = 'private, max-age=86400';

export const NOT_REFERENCED = 'This asset is not referenced by any recording of this project';

/** The asset URL of a proxy request, as the registry keys it (fragment dropped); a 400 for anything but absolute http(s). */
export function parseAssetUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('url must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('url must be an absolute http or https URL');
  url.hash = '';
  return url.href;
}

/** Failures of the other host (its status, a timeout) answer 502; refusals by our rules answer 404. */
function failureStatus(row: AssetRow): HttpError {
  return new HttpError(row.failed_upstream ? 502 : 404, row.reason ?? 'The asset could not be fetched');
}

/** A stylesheet's references point at this proxy, so its fonts and images come from here too; `references` collects the absolute URLs. */
function proxiedCss(css: string, sheetUrl: string, proxyPath: (url: string) => string, references: string[]): string {
  return rewriteCssUrls(css, (reference) => {
    const value = reference.trim();
    if (!value || value.startsWith('#') || /^data:/i.test(value)) return null;
    let url: URL;
    try {
      url = new URL(value, sheetUrl);
    } catch {
      return null;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'about:invalid';
    const fragment = url.hash;
    url.hash = '';
    references.push(url.href);
    return proxyPath(url.href) + fragment;
  });
}

export interface ServeOptions {
  /** Where the served stylesheet's own references point (the proxy form the sheet was asked for). */
  proxyPath: (url: string) => string;
  /** Told the absolute URLs a served stylesheet references, before it is sent. */
  sheetReferences?: (urls: string[]) => Promise<void>;
}

type Reply = RouteContext<RouteSchema>['reply'];
type Request = RouteContext<RouteSchema>['request'];

/**
 * Answers with the project's copy of a registered asset URL: fetched now when not copied yet
 * (or failed long ago), with the headers that keep it inert, and Range support.
 */
export async function serveAssetCopy(deps: AssetsDeps, projectId: number, url: string, request: Request, reply: Reply, options: ServeOptions): Promise<Reply> {
  const run = deps.database.sql;
  let row = await findAsset(run, projectId, url);
  if (!row) throw notFound(NOT_REFERENCED);
  const retryAfterMs = deps.settings.retryFailedAfterMinutes * 60_000;
  const failedLongAgo = row.state === 'failed' && (row.fetched_at === null || Date.now() - new Date(row.fetched_at).getTime() > retryAfterMs);
  if (row.state === 'pending' || failedLongAgo) {
    // Not copied yet (the background run lags) or failed long ago: fetch it for this viewer now.
    const outcome = await fetchAsset(deps, run, row);
    if (outcome.state === 'failed') throw new HttpError(outcome.upstream ? 502 : 404, outcome.reason);
    row = (await findAsset(run, projectId, url))!;
  }
  if (row.state === 'failed') throw failureStatus(row);
  const stored = row.blob_key ? await deps.blobs.get(row.blob_key) : null;
  if (!stored) throw notFound('The copy of this asset is gone; it is fetched again when recorded again');
  const contentType = row.content_type ?? 'application/octet-stream';
  let body = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  if (contentType === 'text/css') {
    const references: string[] = [];
    body = Buffer.from(proxiedCss(body.toString('utf8'), row.url, options.proxyPath, references), 'utf8');
    if (options.sheetReferences && references.length > 0) await options.sheetReferences(references);
  }
  reply.header('Content-Type', contentType === 'text/css' ? 'text/css; charset=utf-8' : contentType);
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Content-Security-Policy', ASSET_CONTENT_SECURITY_POLICY);
  reply.header('Cache-Control', ASSET_CACHE_CONTROL);
  reply.header('Accept-Ranges', 'bytes');
  const range = parseRange(request.headers.range, body.length);
  if (range === 'unsatisfiable') {
    throw new HttpError(416, 'The requested range is outside the asset', undefined, { 'Content-Range': `bytes */${body.length}` });
  }
  if (range) {
    reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${body.length}`);
    body = body.subarray(range.start, range.end + 1);
  }
  // Awaited, so the kernel sees the answer as sent and adds no `{ data }` of its own.
  await reply.send(body);
  return reply;
}
