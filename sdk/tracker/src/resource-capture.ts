import { isIngestUrl } from './network';
import type { ResourceEvent } from './protocol';

export const SLOW_RESOURCE_MS = 3_000;
/**
 * Resource timings recorded per page. A page's own scripts, styles, images and media fit well
 * within it; past it (endless image feeds, polling pixels) only failed and slow ones are sent,
 * so a long visit costs no more than a short one.
 */
export const MAX_RESOURCES_PER_PAGE = 250;
const MAX_FAILURES_PER_PAGE = 500;

type ResourceTiming = Pick<PerformanceResourceTiming, 'name' | 'initiatorType' | 'startTime' | 'duration' | 'transferSize'> & { responseStatus?: number };

/**
 * The request browsers make for `/favicon.ico` on their own (resource timing reports it with
 * initiator "other") is not the page's resource: a site without one would get a missing-image
 * issue on every visit. It is the page's when a `<link rel="icon">` points at it; then it is sent
 * as an "icon", which tells it apart from the probe for the server too (older trackers send the
 * probe as "other", and the issue rules ignore that).
 * Answers null for the probe (drop it), else the initiator to send.
 */
export function faviconAwareInitiator(doc: Document, url: string, initiator: string, base: string): string | null {
  if (initiator !== 'other') return initiator;
  let u: URL;
  try {
    u = new URL(url, base);
    if (u.pathname !== '/favicon.ico' || u.origin !== new URL(base).origin) return initiator;
  } catch {
    return initiator;
  }
  return declaresIcon(doc, u.href) ? 'icon' : null;
}

function declaresIcon(doc: Document, url: string): boolean {
  const links = doc.querySelectorAll?.<HTMLLinkElement>('link[rel~="icon" i]') ?? [];
  for (const link of Array.from(links)) if (link.href === url) return true;
  return false;
}

/**
 * Every resource the page loads (scripts, stylesheets, images, media, fonts...), from the
 * browser's resource timings, up to MAX_RESOURCES_PER_PAGE, and every failed or slow one.
 * fetch and XHR are recorded as requests by the network capture, not here.
 */
export function installResourceCapture(win: Window & typeof globalThis, ingestPoint: string, now: () => number, emit: (e: ResourceEvent) => void): () => void {
  const reportedFailures = new Set<string>();
  let recorded = 0;

  const report = (url: string, rawInitiator: string, ts: number, duration: number, failed: boolean, status?: number, transferSize?: number) => {
    const base = win.location?.href;
    if (!url || url.startsWith('data:') || isIngestUrl(url, ingestPoint, base)) return;
    const initiator = base ? faviconAwareInitiator(win.document, url, rawInitiator, base) : rawInitiator;
    if (initiator === null) return;
    if (failed) {
      if (reportedFailures.has(url) || reportedFailures.size >= MAX_FAILURES_PER_PAGE) return;
      reportedFailures.add(url);
    } else if (recorded >= MAX_RESOURCES_PER_PAGE && duration < SLOW_RESOURCE_MS) return;
    recorded++;
    const e: ResourceEvent = { type: 'resource', ts, url, initiator, duration: Math.round(duration), failed };
    if (status) e.status = status;
    if (transferSize !== undefined) e.transferSize = transferSize;
    emit(e);
  };

  let observer: PerformanceObserver | undefined;
  const PO = win.PerformanceObserver;
  if (typeof PO === 'function' && PO.supportedEntryTypes?.includes('resource')) {
    try {
      observer = new PO((list) => {
        // The entry's own start on the tracker's clock: a waterfall shows when each resource loaded.
        const offset = now() - (win.performance?.now?.() ?? 0);
        for (const entry of list.getEntries() as unknown as ResourceTiming[]) {
          const initiator = entry.initiatorType;
          if (initiator === 'fetch' || initiator === 'xmlhttprequest' || initiator === 'beacon') continue;
          const status = entry.responseStatus;
          report(entry.name, initiator, Math.round(offset + entry.startTime), entry.duration, typeof status === 'number' && status >= 400, status, entry.transferSize);
        }
      });
      // Buffered: what loaded before the tracker started is the page's load, and counts most.
      observer.observe({ type: 'resource', buffered: true });
    } catch {
      observer = undefined;
    }
  }

  // Elements that fail to load fire a non-bubbling "error": only a capturing listener sees it.
  // (Browsers without responseStatus report such failures nowhere else.)
  const onResourceError = (ev: Event) => {
    const el = ev.target as (Element & { src?: string; href?: string }) | null;
    if (!el || (el as unknown) === win || !el.tagName) return;
    const tag = el.tagName.toLowerCase();
    if (tag !== 'img' && tag !== 'script' && tag !== 'link' && tag !== 'video' && tag !== 'audio' && tag !== 'source') return;
    report(el.src || el.href || '', tag, now(), 0, true);
  };
  win.addEventListener('error', onResourceError, true);

  return () => {
    observer?.disconnect();
    win.removeEventListener('error', onResourceError, true);
  };
}
