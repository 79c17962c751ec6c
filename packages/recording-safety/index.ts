// Recorded DOM is untrusted HTML: the same rules run when ingest stores it and when the player rebuilds it.
export { isDangerousUrl, sanitizeRecording } from './sanitize-recording.js';
export type { SanitizeReport } from './sanitize-recording.js';
export { assetProxyPath, isAssetProxyPath } from './asset-proxy-url.js';
export { INERT_URL, proxyRecordedUrls } from './recorded-urls.js';
export { rewriteCssUrls } from './css-urls.js';
export type { CssUrlRewrite } from './css-urls.js';
export type { ProxyOptions, ProxyReport } from './recorded-urls.js';
