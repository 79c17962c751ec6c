import { useEffect } from 'react';
import type { ProjectSummary } from '@cassette/plugin-sdk/ui';

type Status = ProjectSummary['status'];

/** How often the install step asks whether a first session arrived. */
export const PROJECT_STATUS_POLL_MS = 3_000;

const TEXTS: Record<Status, { title: string; detail: string }> = {
  red: {
    title: 'Waiting for the first session',
    detail: 'Install the tracker and open your website, or try the demo site. This turns green as soon as a session arrives.',
  },
  yellow: {
    title: 'No sessions lately',
    detail: 'This project recorded before, but no session arrived in the last 24 hours. Check that the tracker is still installed.',
  },
  green: { title: 'Recording', detail: 'Sessions are arriving. Finish these steps to watch them.' },
};

/** The project's recording status, live: green once ingest has stored a session. */
export function RecordingStatus({ status }: { status: Status }) {
  const text = TEXTS[status] ?? TEXTS.red;
  return (
    <div className={`cs-recording-status cs-recording-status--${status}`} role="status" aria-live="polite" data-testid="recording-status" data-status={status}>
      <span className={`cs-status-dot cs-status-dot--${status}`} aria-hidden="true" />
      <div>
        <strong>{text.title}</strong>
        <p className="cs-muted">{text.detail}</p>
      </div>
    </div>
  );
}

/**
 * Re-reads the projects every few seconds until this one is green. A hidden browser tab
 * skips its turns: nobody is watching, and the server has better things to do.
 */
export function useProjectStatusPolling(status: Status, reload: () => Promise<void>, intervalMs = PROJECT_STATUS_POLL_MS): void {
  useEffect(() => {
    if (status === 'green') return;
    const timer = setInterval(() => {
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
      reload().catch(() => {
        // The next turn tries again; the host already tells the user about a lost connection.
      });
    }, intervalMs);
    return () => clearInterval(timer);
  }, [status, reload, intervalMs]);
}
