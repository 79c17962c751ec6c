import { OutboundHttpError, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { AssetsDeps } from './deps.js';
import { blobKeyOf, findAsset, markFailed, markStored, registerAssets, storedBytes, type AssetRow } from './asset-store.js';
import { acceptedContentType, kindOf } from './content-types.js';
import { cssUrls } from './css-urls.js';
import { assetUrlsToRegister } from './own-origin.js';

export type FetchOutcome = { state: 'stored'; contentType: string; bytes: number; blobKey: string } | { state: 'failed'; reason: string; upstream: boolean };

/** Words for the user, from the outbound client's typed failure. */
function reasonOf(error: OutboundHttpError, limit: number): { reason: string; upstream: boolean } {
  switch (error.code) {
    case 'refused_address':
      return { reason: 'The asset is on a private or local address, which the server does not fetch', upstream: false };
    case 'too_large':
      return { reason: `The asset is larger than the limit of ${limit} bytes`, upstream: false };
    case 'timeout':
      return { reason: 'The asset host did not answer in time', upstream: true };
    case 'bad_status':
      return { reason: `The asset host answered ${error.status ?? 'an error'}`, upstream: true };
    case 'too_many_redirects':
      return { reason: 'The asset host redirected too many times', upstream: true };
    case 'invalid_url':
      return { reason: 'The asset URL is not a fetchable http(s) URL', upstream: false };
    default:
      return { reason: `The asset could not be fetched: ${error.message}`, upstream: true };
  }
}

/**
 * Fetches in progress in this process, per database (tests run several kernels in one
 * process): a viewer asking for an asset the background run is fetching waits for that fetch
 * instead of asking the host a second time.
 */
const inFlight = new WeakMap<object, Map<string, Promise<FetchOutcome>>>();

/**
 * Fetches one registered asset through the outbound client, keeps the bytes in the blob store
 * and records the outcome on its row. A stylesheet's own references are registered too (one
 * level deeper), so its fonts and images are copied and served from here as well.
 */
export function fetchAsset(deps: AssetsDeps, run: SqlRunner, row: AssetRow): Promise<FetchOutcome> {
  let running = inFlight.get(deps.database);
  if (!running) inFlight.set(deps.database, (running = new Map()));
  const key = `${row.project_id} ${row.url}`;
  const pending = running.get(key);
  if (pending) return pending;
  const fetching = fetchAndStore(deps, run, row).finally(() => running.delete(key));
  running.set(key, fetching);
  return fetching;
}

async function fetchAndStore(deps: AssetsDeps, run: SqlRunner, row: AssetRow): Promise<FetchOutcome> {
  const { settings } = deps;
  const projectId = row.project_id;
  // The row may have been copied since it was read (a viewer's request while a run was queued).
  const current = await findAsset(run, projectId, row.url);
  if (current?.state === 'stored' && current.blob_key && current.content_type) {
    return { state: 'stored', contentType: current.content_type, bytes: Number(current.bytes ?? 0), blobKey: current.blob_key };
  }
  const ceiling = Math.max(settings.maxAssetBytes, settings.maxMediaBytes);
  const fail = async (reason: string, upstream: boolean): Promise<FetchOutcome> => {
    await markFailed(run, row.id, reason, upstream);
    return { state: 'failed', reason, upstream };
  };
  let response;
  try {
    response = await deps.outboundHttp.stream(row.url, { maxBytes: ceiling, timeoutMs: settings.fetchTimeoutMs, okOnly: true, headers: { accept: '*/*' } });
  } catch (error) {
    if (!(error instanceof OutboundHttpError)) throw error;
    const { reason, upstream } = reasonOf(error, ceiling);
    return fail(reason, upstream);
  }
  const contentType = acceptedContentType(response.contentType, response.url);
  if (!contentType) {
    response.body.destroy();
    return fail(`The answer is ${response.contentType ?? 'of no declared type'}, not an image, stylesheet, font or media file`, false);
  }
  const limit = kindOf(contentType) === 'media' ? settings.maxMediaBytes : settings.maxAssetBytes;
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of response.body) {
      bytes += (chunk as Buffer).length;
      if (bytes > limit) {
        response.body.destroy();
        return fail(`The asset is larger than the limit of ${limit} bytes`, false);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (!(error instanceof OutboundHttpError)) throw error;
    const { reason, upstream } = reasonOf(error, limit);
    return fail(reason, upstream);
  }
  if ((await storedBytes(run, projectId)) + bytes > settings.projectQuotaBytes) {
    return fail(`The project's asset storage quota of ${settings.projectQuotaBytes} bytes is used up`, false);
  }
  const body = Buffer.concat(chunks);
  const blobKey = blobKeyOf(projectId, row.url);
  await deps.blobs.put(blobKey, body, { contentType });
  await markStored(run, row.id, { contentType, bytes, blobKey });
  if (contentType === 'text/css' && row.depth < settings.stylesheetDepth) {
    // Relative references of a sheet resolve against the sheet's own (final) URL, as in a browser.
    const urls = assetUrlsToRegister(cssUrls(body.toString('utf8')), response.url, deps.config.publicUrl, settings.urlsPerBatch);
    await registerAssets(run, projectId, urls, row.depth + 1, settings.maxAssetsPerProject);
  }
  return { state: 'stored', contentType, bytes, blobKey };
}
