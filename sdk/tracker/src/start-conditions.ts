import { defaultIngestPoint } from './options';

/** What a page must offer, and what its visitor and the site allow, before anything is recorded. */

export type Win = Window & typeof globalThis;

export function isBrowser(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined' && typeof window.fetch === 'function';
}

/** Do Not Track or Global Privacy Control (honoured only with the `respectDoNotTrack` option). */
export function visitorOptedOut(win: Win): boolean {
  const nav = win.navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === '1' || (win as unknown as { doNotTrack?: string }).doNotTrack === '1' || nav.globalPrivacyControl === true;
}

/** Where the script build was loaded from: the default ingest point lives on the same server. */
let scriptOrigin: string | undefined;
export function rememberScriptSource(src: string | undefined): void {
  scriptOrigin = src;
}

/**
 * The ingest point as an absolute http(s) URL without trailing slashes: the `ingestPoint`
 * option, else the server the script came from, else the page's own server.
 */
export function resolveIngestPoint(option: string | undefined, win: Win): { ok: true; href: string } | { ok: false; given: string } {
  const ingestPoint = option || defaultIngestPoint(scriptOrigin, win.location?.origin) || '/api/ingest';
  try {
    const url = new URL(ingestPoint, win.location.href);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(url.protocol);
    return { ok: true, href: url.href.replace(/\/+$/, '') };
  } catch {
    return { ok: false, given: String(ingestPoint) };
  }
}
