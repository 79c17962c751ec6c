import type { ActiveSession } from './active-session';
import type { Win } from './start-conditions';

/** What following the page's visibility needs from the tracker. */
export interface VisibilityHost {
  /** The session being recorded, or null when nothing is. */
  recording(): ActiveSession | null;
  /** The session ended because the tab stayed hidden, and none has started since. */
  ended(): boolean;
  /** Seals what is buffered (fields being typed in and page timings included) into a batch. */
  flush(): void;
  /** Saves the session for the tab's next page. */
  persist(): void;
  /** The visit is over: the last batch goes out, capture stops and the session is forgotten. */
  endSession(): void;
  /** Starts recording a new session, after `endSession`. */
  restart(): void;
}

export interface PageVisibility {
  /** When the tab was hidden, while it is: saved with the session, so the next page can tell it is over. */
  hiddenSince(): number | null;
  /** Follows the page while a session records; returns what stops following it. */
  follow(win: Win): () => void;
  /** The tab was hidden (or the page opened in a background tab: the hidden-time clock starts). */
  onHidden(): void;
  /** Stops listening for the tab to be seen again after its session ended. */
  stopWaiting(): void;
}

/**
 * A hidden tab may never come back: what is buffered goes out at once, the session is saved
 * with the time the tab was hidden, and a tab hidden past the timeout ends its session. The
 * next time the tab is seen, a new session starts.
 */
export function pageVisibility(host: VisibilityHost, hiddenTimeoutMs: number): PageVisibility {
  let hiddenSince: number | null = null;
  let hiddenTimer: ReturnType<typeof setTimeout> | null = null;
  let stopWaitingForVisit: () => void = () => undefined;

  const onHidden = (): void => {
    const session = host.recording();
    if (!session) return;
    hiddenSince = Date.now();
    session.sender.setHidden(true);
    host.flush();
    host.persist();
    if (hiddenTimer) clearTimeout(hiddenTimer);
    hiddenTimer = setTimeout(endHiddenSession, hiddenTimeoutMs);
  };

  const onVisible = (): void => {
    // A frozen tab may never have run the timer: check the clock too.
    if (host.recording() && hiddenSince !== null && Date.now() - hiddenSince >= hiddenTimeoutMs) endHiddenSession();
    if (hiddenTimer) clearTimeout(hiddenTimer);
    hiddenTimer = null;
    hiddenSince = null;
    if (host.ended()) {
      host.restart();
      return;
    }
    const session = host.recording();
    if (session) {
      session.sender.setHidden(false);
      session.sender.retryNow();
      host.persist();
    }
  };

  const onPageHide = (): void => {
    const session = host.recording();
    if (!session) return;
    host.flush();
    hiddenSince = hiddenSince ?? Date.now();
    host.persist();
    session.sender.flushOnUnload();
  };

  /** Hidden past the timeout: the visit is over. The next time the tab is seen starts a new one. */
  function endHiddenSession(): void {
    if (!host.recording()) return;
    host.endSession();
    // Capture listeners are gone with the session; this one brings recording back with a new one.
    const win = window as Win;
    const onSeen = () => {
      if (win.document.visibilityState === 'hidden') return;
      stopWaitingForVisit();
      onVisible();
    };
    win.document.addEventListener('visibilitychange', onSeen);
    win.addEventListener('pageshow', onSeen);
    stopWaitingForVisit = () => {
      win.document.removeEventListener('visibilitychange', onSeen);
      win.removeEventListener('pageshow', onSeen);
      stopWaitingForVisit = () => undefined;
    };
  }

  return {
    hiddenSince: () => hiddenSince,
    onHidden,
    stopWaiting: () => stopWaitingForVisit(),
    follow(win) {
      const onVisibility = () => (win.document.visibilityState === 'hidden' ? onHidden() : onVisible());
      const onPageShow = (e: PageTransitionEvent) => {
        if (e.persisted) onVisible();
      };
      const onOnline = () => host.recording()?.sender.retryNow();
      win.document.addEventListener('visibilitychange', onVisibility);
      win.addEventListener('pagehide', onPageHide);
      win.addEventListener('pageshow', onPageShow);
      win.addEventListener('online', onOnline);
      return () => {
        win.document.removeEventListener('visibilitychange', onVisibility);
        win.removeEventListener('pagehide', onPageHide);
        win.removeEventListener('pageshow', onPageShow);
        win.removeEventListener('online', onOnline);
        if (hiddenTimer) clearTimeout(hiddenTimer);
        hiddenTimer = null;
      };
    },
  };
}
