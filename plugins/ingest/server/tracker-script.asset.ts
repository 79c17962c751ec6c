import { asset } from './deps.js';

/** `GET /tracker.js`: the script-tag build of the tracker, for any website to embed. */
export const trackerScriptAsset = asset({
  url: '/tracker.js',
  contentType: 'application/javascript; charset=utf-8',
  cors: 'anyOrigin',
  cacheSeconds: 300,
  load: (_request, { runtime }) => runtime.trackerScript.load(),
});
