import { proxyRecordedUrls, sanitizeRecording } from '@cassette/recording-safety';
import type { RecordingEvent } from '../../shared/messages.js';

/** Where the live view loads the visitor's assets from: the watched session's asset route on the app's own origin. */
export interface LiveAssetRoute {
  projectId: number;
  /** The watched session: its asset route serves what its stream shows, to ASSIST_LIVE holders. */
  liveSessionId: string;
  /** The app's origin (`location.origin`). */
  appOrigin: string | null;
  /** The session's live asset token (the replay's own requests carry no login header); null when it could not be had. */
  token: string | null;
}

/**
 * Makes streamed events safe to rebuild before they reach the Replayer, as the sessions player
 * does with a recording: the relay sanitized them, but they are untrusted HTML, so the same rules
 * run again here, and every recorded URL (images, sheets, fonts, media, CSS `url()`) is pointed at
 * the session's asset route (`/api/{projectId}/assist/sessions/{sessionId}/assets`), so the
 * agent's browser asks no host but Cassette's. Relative URLs
 * resolve against the visitor's page: the last meta event's address, remembered across messages.
 */
export function createLivePreparer(assets: LiveAssetRoute) {
  let baseUrl: string | null = null;
  return (events: RecordingEvent[]): RecordingEvent[] => {
    sanitizeRecording(events);
    baseUrl = proxyRecordedUrls(events, { ...assets, baseUrl }).baseUrl;
    return events;
  };
}
