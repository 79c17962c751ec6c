import { proxyRecordedUrls, sanitizeRecording } from '@cassette/recording-safety';
import type { RecordingChunkInfo, RecordingIndex } from '../../shared/recording.js';
import type { Session } from '../../shared/session.js';
import type { ChunkEvents } from './recording-loader.js';
import { createBlobImagePlaceholders } from './blob-image-placeholders.js';
import { replayCanvasesAsImages } from './canvas-images.js';
import { browserCanCreateElement, renameUncreatableTags, type CanCreateElement } from './uncreatable-tag-names.js';

/** Where the replay may load recorded assets from: the project's asset proxy on the app's own origin. */
export interface ReplayAssetRoute {
  projectId: number;
  /** The app's origin (`location.origin`). */
  appOrigin: string | null;
  /**
   * The project's asset token, put into every proxied URL (the replay's requests carry no login
   * header). Read when each chunk is prepared, so it may be set after the preparer is made.
   */
  token?: string | null;
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
 * already, but the recording is untrusted HTML, so the same rules run again here, and every
 * recorded URL is pointed at the project's asset proxy (the viewer's browser contacts no other
 * host). Elements whose recorded tag name the viewer's browser cannot create get a name it can
 * (rrweb's rebuild would throw on them). Canvases become images of their recorded pictures, and
 * `blob:` images the tracker could not inline a placeholder.
 */
export function createChunkPreparer(
  session: Pick<Session, 'events' | 'startUrl'>,
  assets: ReplayAssetRoute,
  canCreate: CanCreateElement = browserCanCreateElement(document),
) {
  const placeholdBlobImages = createBlobImagePlaceholders();
  return (events: ChunkEvents, info: RecordingChunkInfo, index: RecordingIndex): ChunkEvents => {
    sanitizeRecording(events);
    const chunkTime = (info.firstTimestamp ?? index.startedAt) - index.startedAt;
    proxyRecordedUrls(events, { ...assets, baseUrl: pageUrlAt(session, chunkTime) });
    renameUncreatableTags(events, canCreate);
    replayCanvasesAsImages(events);
    placeholdBlobImages(events);
    return events;
  };
}
