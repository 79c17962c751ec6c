// Public surface of the assets plugin: refs and types only, safe for any plugin and the browser.
import { Type } from '@sinclair/typebox';
import { defineEvent } from '@cassette/plugin-sdk';

/** What happened to a recorded asset URL: waiting to be fetched, copied into the blob store, or given up on (with a reason). */
export type AssetState = 'pending' | 'stored' | 'failed';

export const assetsEvents = {
  /**
   * Asset URLs a stored recording batch references (absolute http(s), at most 1000 per
   * event). The assets plugin registers them for its project and fetches them in the background.
   */
  recorded: defineEvent(
    'assets.recorded',
    1,
    Type.Object({
      projectId: Type.Integer({ minimum: 1 }),
      urls: Type.Array(Type.String({ maxLength: 4096 }), { minItems: 1, maxItems: 1000 }),
    }),
  ),
} as const;
