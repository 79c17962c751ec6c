/**
 * Which answers are kept as assets. Anything else (HTML, scripts, JSON) is refused: the proxy
 * must never serve a document or a script under the app's origin.
 */
const EXACT = new Set(['text/css', 'application/vnd.ms-fontobject', 'application/font-woff', 'application/font-woff2', 'application/font-sfnt', 'text/vtt']);
const PREFIXES = ['image/', 'font/', 'application/x-font-', 'video/', 'audio/'];

/** Fonts are often served as octet-stream: the file's extension says what it is then. */
const FONT_EXTENSIONS: Record<string, string> = { woff: 'font/woff', woff2: 'font/woff2', ttf: 'font/ttf', otf: 'font/otf', eot: 'application/vnd.ms-fontobject' };

export type AssetKind = 'media' | 'other';

/** The content type to store, or null when the answer is not an asset we keep. */
export function acceptedContentType(contentType: string | null, url: string): string | null {
  const type = contentType?.toLowerCase() ?? null;
  if (type && (EXACT.has(type) || PREFIXES.some((p) => type.startsWith(p)))) return type;
  if (type === null || type === 'application/octet-stream' || type === 'binary/octet-stream') {
    const extension = /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
    if (extension && FONT_EXTENSIONS[extension]) return FONT_EXTENSIONS[extension];
  }
  return null;
}

export function kindOf(contentType: string): AssetKind {
  return contentType.startsWith('video/') || contentType.startsWith('audio/') ? 'media' : 'other';
}
