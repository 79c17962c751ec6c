/**
 * Absolute http(s) URLs worth a copy, from references as written: resolved against `base`,
 * fragments dropped (a sprite's `#id` names a part of one file), the Cassette server's own
 * origin skipped (it serves those itself), each once, at most `limit`.
 */
export function assetUrlsToRegister(references: Iterable<string>, base: string | null, publicUrl: string, limit: number): string[] {
  let ownOrigin: string | null = null;
  try {
    ownOrigin = new URL(publicUrl).origin;
  } catch {
    ownOrigin = null;
  }
  const urls = new Set<string>();
  for (const reference of references) {
    if (urls.size >= limit) break;
    const value = reference.replace(/[\t\n\r]/g, '').trim();
    if (!value || value.startsWith('#')) continue;
    let url: URL;
    try {
      url = base ? new URL(value, base) : new URL(value);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    if (url.origin === ownOrigin) continue;
    url.hash = '';
    if (url.href.length > MAX_URL_LENGTH) continue;
    urls.add(url.href);
  }
  return [...urls];
}

/** Longer URLs are neither stored nor served (the route refuses them too). */
export const MAX_URL_LENGTH = 4096;
