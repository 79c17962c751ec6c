/**
 * "Duplicate tab" (and `window.open`) copies sessionStorage, so a new tab can find the session
 * of a tab that is still recording it. The page that records a session answers for it on a
 * BroadcastChannel; a page about to resume a stored session asks first, and starts its own
 * session when a live page answers. A page in the back-forward cache does not answer.
 */

/** The part of BroadcastChannel used here. */
export interface TabChannel {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: unknown): void;
  close(): void;
}

export type OpenTabChannel = () => TabChannel | undefined;

export const openTabChannel: OpenTabChannel = () =>
  typeof BroadcastChannel === 'function' ? new BroadcastChannel('cassette-tabs') : undefined;

function open(openChannel: OpenTabChannel): TabChannel | undefined {
  try {
    return openChannel();
  } catch {
    return undefined;
  }
}

/** True when another live page records `sessionId`; false when none answers in time, or without BroadcastChannel. */
export function isClaimed(openChannel: OpenTabChannel, sessionId: string, waitMs: number): Promise<boolean> {
  const ch = open(openChannel);
  if (!ch) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (owned: boolean) => {
      clearTimeout(timer);
      ch.close();
      resolve(owned);
    };
    const timer = setTimeout(done, waitMs, false);
    ch.onmessage = (e) => e.data?.own === sessionId && done(true);
    ch.postMessage({ who: sessionId });
  });
}

/** Answers for the session `current()` returns, except while the page is hidden in the back-forward cache. Returns the disposer. */
export function answerClaims(win: Window, openChannel: OpenTabChannel, current: () => string | undefined): () => void {
  let ch: TabChannel | undefined;
  const mute = () => {
    ch?.close();
    ch = undefined;
  };
  const listen = () => {
    mute();
    const c = (ch = open(openChannel));
    if (c) {
      c.onmessage = (e) => {
        const s = current();
        if (s && e.data?.who === s) c.postMessage({ own: s });
      };
    }
  };
  const onShow = (e: PageTransitionEvent) => e.persisted && listen();
  listen();
  win.addEventListener('pagehide', mute);
  win.addEventListener('pageshow', onShow);
  return () => {
    mute();
    win.removeEventListener('pagehide', mute);
    win.removeEventListener('pageshow', onShow);
  };
}
