// Public surface of the assets plugin: refs and types only, safe for any plugin and the browser.
import { Type } from '@sinclair/typebox';
import { createServiceRef, defineEvent } from '@cassette/plugin-sdk';
import type { RecordingEvent } from '@cassette/plugin-ingest/api';
import type { RouteContext, RouteSchema } from '@cassette/plugin-sdk/server';

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

/** Asset URLs a live session's streamed events reference, taken out as a stored batch's are. */
export interface LiveAssetUrls {
  /** Absolute http(s) URLs, each once. */
  urls: string[];
  /** The page URL in effect after the last event: hand it to the next message of the stream. */
  pageUrl: string | null;
}

/** A live view's asset request, as the assist plugin's route hands it over (access already checked). */
export interface LiveAssetRequest {
  projectId: number;
  sessionId: string;
  /** The `url` query parameter as sent (checked here: absolute http(s)). */
  url: string;
  /** Where a served stylesheet's own references point: the live view's proxy form, with its token. */
  proxyPath: (absoluteUrl: string) => string;
  request: RouteContext<RouteSchema>['request'];
  reply: RouteContext<RouteSchema>['reply'];
}

/**
 * What the assist plugin uses for a watched session: the extractor stored batches go through,
 * a registration that makes the assets a stream shows servable at once (without waiting for
 * ingest to store the batch that names them), and the answer to the live view's asset
 * requests, limited to what that session's stream showed.
 */
export interface LiveAssetReferences {
  /** The asset URLs these rrweb events reference; relative URLs resolve against `pageUrl`, then each meta event's address. */
  extract(events: readonly RecordingEvent[], pageUrl: string | null): LiveAssetUrls;
  /**
   * Registers the URLs for the project (as a stored batch's are: own origin skipped, per-batch
   * and per-project caps) and notes that this live session showed them; fetching starts in the
   * background. Resolves once they can be served.
   */
  register(projectId: number, sessionId: string, urls: readonly string[]): Promise<void>;
  /**
   * Answers with the project's copy of an asset the session's stream (or a stylesheet it showed)
   * referenced, as the asset proxy does (fetched now when not copied yet, inert headers,
   * Range); 404 for any other URL, 400 for a URL that is not absolute http(s).
   */
  serve(asset: LiveAssetRequest): Promise<unknown>;
  /** Forgets what these sessions showed (their sessions were deleted). */
  forget(projectId: number, sessionIds: readonly string[]): Promise<void>;
}

export const assetsServices = {
  liveReferences: createServiceRef<LiveAssetReferences>('assets.liveReferences'),
} as const;
