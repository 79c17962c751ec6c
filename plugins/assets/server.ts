// Server wiring of the assets plugin: copies of the assets recordings reference, served from our own origin (README.md tells why).
import { coreEvents, definePlugin } from '@cassette/plugin-sdk/server';
import { ingestExtensionPoints } from '@cassette/plugin-ingest/api';
import { assetsEvents, assetsServices } from './api.js';
import { assetRoute } from './server/asset.route.js';
import { assetTokenRoute } from './server/asset-token.route.js';
import { liveAssetReferences } from './server/live-references.js';
import { assetsProcessor } from './server/assets.processor.js';
import { deleteAssetsOfProject, deleteProjectAssetsJob, queueProjectAssetsDeletion } from './server/delete-project-assets.job.js';
import { deps } from './server/deps.js';
import { fetchAssetsJob, fetchPendingAssets, registerRecordedAssets } from './server/fetch-assets.job.js';
import { assetsMigrations } from './server/migrations.js';
import { assetsSettings } from './server/settings.js';

export default definePlugin({
  id: 'assets',
  settings: assetsSettings,
  deps,
  register(r) {
    r.migrations(...assetsMigrations);
    r.extend(ingestExtensionPoints.processors, assetsProcessor);
    r.on(assetsEvents.recorded, registerRecordedAssets);
    r.job(fetchAssetsJob, fetchPendingAssets);
    r.route(assetRoute);
    r.route(assetTokenRoute);
    // What a watched session streams is served to its agents at once (the assist relay registers it).
    r.provide({ ref: assetsServices.liveReferences, deps, create: liveAssetReferences });
    r.on(coreEvents.projectDeleted, queueProjectAssetsDeletion);
    r.job(deleteProjectAssetsJob, deleteAssetsOfProject);
  },
});
