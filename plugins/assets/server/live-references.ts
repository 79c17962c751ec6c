import { notFound } from '@cassette/plugin-sdk/server';
import type { LiveAssetReferences } from '../api.js';
import type { AssetsDeps } from './deps.js';
import { deleteLiveReferences, isLiveReference, noteLiveReferences } from './asset-store.js';
import { registerAssetUrls } from './fetch-assets.job.js';
import { recordedAssetUrls } from './recorded-asset-urls.js';
import { parseAssetUrl, serveAssetCopy } from './serve-asset.js';

export const NOT_SHOWN_LIVE = 'This asset is not referenced by what this live session showed';

/**
 * The `assets.liveReferences` service: the assist relay hands it what a watched session streams,
 * so an image that first appears live is served to the agents at once rather than after ingest
 * stored its batch. The URLs go through the same extractor, rules and caps as a stored batch's;
 * the session's own list (`assets_live_references`) is all the live view's route serves, so an
 * agent who may watch live sessions reaches no other asset of the project (recordings' assets
 * need SESSION_REPLAY, on `/assets`).
 */
export function liveAssetReferences(deps: AssetsDeps): LiveAssetReferences {
  const run = deps.database.sql;
  return {
    extract: (events, pageUrl) => recordedAssetUrls(events, pageUrl, deps.settings.urlsPerBatch),
    async register(projectId, sessionId, urls) {
      const taken = await registerAssetUrls(deps, projectId, urls);
      await noteLiveReferences(run, projectId, sessionId, taken);
    },
    async serve({ projectId, sessionId, url: raw, proxyPath, request, reply }) {
      const url = parseAssetUrl(raw);
      if (!(await isLiveReference(run, projectId, sessionId, url))) throw notFound(NOT_SHOWN_LIVE);
      return serveAssetCopy(deps, projectId, url, request, reply, {
        proxyPath,
        // The sheet's fonts and images are part of what the session shows.
        sheetReferences: (references) => noteLiveReferences(run, projectId, sessionId, references),
      });
    },
    forget: (projectId, sessionIds) => deleteLiveReferences(run, projectId, sessionIds),
  };
}
