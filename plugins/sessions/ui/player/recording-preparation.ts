import { neutralizeExternalUrls, sanitizeRecording } from '@cassette/recording-safety';
import type { RecordingChunkInfo, RecordingIndex } from '../../shared/recording.js';
import type { Session } from '../../shared/session.js';
import type { ChunkEvents } from './recording-loader.js';
import { createBlobImagePlaceholders } from './blob-image-placeholders.js';
import { replayCanvasesAsImages } from './canvas-images.js';
import { browserCanCreateElement, renameUncreatableTags, type CanCreateElement } from './uncreatable-tag-names.js';

/**
 * The origins a replay may fetch from: the app itself, the pages the session recorded, and the
 * project's host (on any scheme). Everything else in a recording is an outside host the viewer
 * never chose to contact.
 */
export function allowedReplayOrigins(session: Pick<Session, 'events' | 'startUrl'>, appOrigin: string | null, projectHost: string | null | undefined): string[] {
  const origins = new Set<string>();
  if (appOrigin) origins.add(appOrigin);
  const host = projectHost?.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/.*$/, '').toLowerCase();
  // The recorded page URLs come from the visitor's browser, so a forged recording names any
  // origin it likes. With the project's host set, only pages on that site count.
  const site = host ? host.replace(/^www\./, '').replace(/:\d+$/, '') : null;
  const onSite = (hostname: string) => site === null || hostname === site || hostname.endsWith(`.${site}`);
  const pages = [session.startUrl, ...session.events.map((e) => (e.type === 'LOCATION' ? e.url : null))];
  for (const url of pages) {
    if (!url) continue;
    try {
      const parsed = new URL(url);
      if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && onSite(parsed.hostname.toLowerCase())) origins.add(parsed.origin);
    } catch {
      // Not a URL: nothing to allow.
    }
  }
  if (host) origins.add(host);
  return [...origins];
}

/** The recorded page at a moment: the last page visit before it, else the first page. */
export function pageUrlAt(session: Pick<Session, 'events' | 'startUrl'>, time: number): string | null {
  let url = session.startUrl;
  for (const event of session.events) {
    if (event.type !== 'LOCATION') continue;
    if (event.time > time) break;
    url = event.url;
  }
  return url;
}

/**
 * Makes a chunk safe to rebuild, before any event reaches the Replayer: the server sanitized it
 * already, but the recording is untrusted HTML, so the same rules run again here, and outside
 * URLs are made inert. Elements whose recorded tag name the viewer's browser cannot create get
 * a name it can (rrweb's rebuild would throw on them). Canvases become images of their recorded
 * pictures, and `blob:` images the tracker could not inline a placeholder.
 */
export function createChunkPreparer(
  session: Pick<Session, 'events' | 'startUrl'>,
  allowedOrigins: string[],
  canCreate: CanCreateElement = browserCanCreateElement(document),
) {
  const placeholdBlobImages = createBlobImagePlaceholders();
  return (events: ChunkEvents, info: RecordingChunkInfo, index: RecordingIndex): ChunkEvents => {
    sanitizeRecording(events);
    const chunkTime = (info.firstTimestamp ?? index.startedAt) - index.startedAt;
    neutralizeExternalUrls(events, allowedOrigins, { baseUrl: pageUrlAt(session, chunkTime) });
    renameUncreatableTags(events, canCreate);
    replayCanvasesAsImages(events);
    placeholdBlobImages(events);
    return events;
  };
}
