import type { RecordingEvent } from './protocol';

/** What the assist script (loaded only while an agent watches) may use of the tracker. */
export interface AssistHost {
  ingestPoint: string;
  token(): string;
  /** A full snapshot now (a new agent needs a start). */
  snapshot(): void;
  /** Taps the DOM recording (null: stop). */
  tap(listener: ((event: RecordingEvent) => void) | null): void;
  /** The page's node with this recorded id. */
  node(id: number): Node | null;
}

type AssistWindow = Window & { __cassetteAssist?: (host: AssistHost) => void; __cassetteAssistHost?: AssistHost };

let requested = false;

/**
 * An agent watches this session (the batch answer said so): the live channel's code is fetched
 * then, once, so a page nobody watches carries none of it. It connects itself on load and on each
 * later call.
 */
export function assistWatched(win: Window, host: AssistHost): void {
  const w = win as AssistWindow;
  if (w.__cassetteAssist) return w.__cassetteAssist(host);
  if (requested) return;
  requested = true;
  w.__cassetteAssistHost = host;
  const script = win.document.createElement('script');
  // The ingest point is `<server>/api/ingest`: the script is served at the server's root.
  script.src = new URL('../../tracker-assist.js', `${host.ingestPoint}/`).href;
  script.async = true;
  script.onerror = () => (requested = false);
  (win.document.head || win.document.documentElement).appendChild(script);
}
