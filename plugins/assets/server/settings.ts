import { Type } from '@sinclair/typebox';
import { defineSettings } from '@cassette/plugin-sdk/server';

const MB = 1024 * 1024;

/** `plugins.assets.settings` in config/cassette.json; every limit has a default. */
export const assetsSettings = defineSettings(
  'assets',
  Type.Object({
    maxAssetBytes: Type.Integer({ minimum: 1024, maximum: 1024 * MB, default: 10 * MB, description: 'largest image, stylesheet or font copied, in bytes' }),
    maxMediaBytes: Type.Integer({ minimum: 1024, maximum: 4096 * MB, default: 50 * MB, description: 'largest video or audio file copied, in bytes' }),
    projectQuotaBytes: Type.Integer({ minimum: MB, maximum: 1024 * 1024 * MB, default: 1024 * MB, description: 'bytes of copies a project may hold; past it new assets are not fetched' }),
    maxAssetsPerProject: Type.Integer({ minimum: 1, maximum: 10_000_000, default: 50_000, description: 'asset URLs a project may register; past it new URLs are ignored' }),
    urlsPerBatch: Type.Integer({ minimum: 1, maximum: 1000, default: 500, description: 'asset URLs taken from one recording batch' }),
    fetchesPerRun: Type.Integer({ minimum: 1, maximum: 1000, default: 25, description: 'assets one background run fetches before handing over to the next run' }),
    stylesheetDepth: Type.Integer({ minimum: 0, maximum: 5, default: 2, description: 'how deep the url() and @import references of copied stylesheets are followed' }),
    fetchTimeoutMs: Type.Integer({ minimum: 1000, maximum: 300_000, default: 20_000, description: 'time for fetching one asset' }),
    retryFailedAfterMinutes: Type.Integer({ minimum: 1, maximum: 525_600, default: 1440, description: 'a failed fetch is tried again on request only after this long' }),
  }),
);
