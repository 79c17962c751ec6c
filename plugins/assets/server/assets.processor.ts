import type { IngestProcessor } from '@cassette/plugin-ingest/api';
import { assetsEvents } from '../api.js';
import { recordedAssetUrls } from './recorded-asset-urls.js';

/** Most URLs one batch hands on; the plugin's `urlsPerBatch` setting may lower it. */
const MAX_URLS_PER_EVENT = 1000;

/**
 * Takes the asset URLs out of each stored batch and hands them on as `assets.recorded`; the
 * plugin's handler registers and fetches them in the background, so ingest never waits on
 * another host. Publishing the same URLs again (a repeated call) registers nothing new.
 */
export const assetsProcessor: IngestProcessor = {
  id: 'assets.recordedUrls',
  // After the processors that index and summarise: copying assets is the least urgent.
  order: 500,
  slices: true,
  async batch(session, batch, ctx) {
    const { urls } = recordedAssetUrls(batch.recording, session.url, MAX_URLS_PER_EVENT);
    if (urls.length === 0) return;
    await ctx.events.publish(assetsEvents.recorded, { projectId: batch.projectId, urls: urls.filter((u) => u.length <= 4096) });
  },
};
