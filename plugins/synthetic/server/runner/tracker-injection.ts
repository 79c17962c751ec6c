import type { Page } from 'playwright-core';
import { SYNTHETIC_RUN_METADATA_KEY } from '@cassette/plugin-sdk';

const STORAGE_PREFIX = 'cassette:session:';
/** The session metadata key that marks a session as a synthetic run's (its value: the run id). */
export const SYNTHETIC_METADATA_KEY = SYNTHETIC_RUN_METADATA_KEY;

/**
 * A script run in every page of a run before the page's own: unless the site already loads the
 * tracker, it loads the project's tracker from this server and starts it, so the run is itself
 * a recorded session, tagged synthetic from its start: metadata `synthetic` = the run's id
 * (sessions filter on it; the session id is kept on the run).
 */
export function trackerInitScript(tracker: { publicUrl: string; projectKey: string }, runId: number): string {
  const config = JSON.stringify({ base: tracker.publicUrl.replace(/\/$/, ''), projectKey: tracker.projectKey, runId: String(runId), metadataKey: SYNTHETIC_METADATA_KEY });
  return `(() => {
  if (window.top !== window) return;
  const config = ${config};
  const start = () => {
    if (window.CassetteTracker || document.querySelector('script[src*="tracker.js"]')) return;
    const script = document.createElement('script');
    script.src = config.base + '/tracker.js';
    script.onload = () => {
      try {
        const tracker = new window.CassetteTracker({ projectKey: config.projectKey, ingestPoint: config.base + '/api/ingest' });
        // Before start: the session is tagged synthetic from its start request on.
        tracker.setMetadata(config.metadataKey, config.runId);
        void tracker.start();
      } catch (_) {}
    };
    (document.head || document.documentElement).appendChild(script);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true }); else start();
})();`;
}

/** The session id the page's tracker keeps in sessionStorage: the project's own key first, else any tracker's. */
export async function readSessionId(page: Page, tracker: { projectKey: string } | null): Promise<string | null> {
  return page.evaluate(
    ({ prefix, preferred }) => {
      try {
        const keys = Object.keys(window.sessionStorage).filter((k) => k.startsWith(prefix));
        keys.sort((a, b) => (a === preferred ? -1 : b === preferred ? 1 : 0));
        for (const key of keys) {
          const id = (JSON.parse(window.sessionStorage.getItem(key) ?? 'null') as { sessionId?: string } | null)?.sessionId;
          if (typeof id === 'string' && id) return id;
        }
      } catch {
        // Storage refused (a sandboxed page): the run has no session.
      }
      return null;
    },
    { prefix: STORAGE_PREFIX, preferred: tracker ? STORAGE_PREFIX + tracker.projectKey : '' },
  );
}
