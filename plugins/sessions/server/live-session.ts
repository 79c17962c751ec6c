/**
 * How recently a session must have sent something to count as live. While its tab is open and
 * visible the tracker samples performance every 5 s and flushes every 10 s (ingest's
 * `flushIntervalMs` default), so a live tab sends a batch every flush: two missed flushes and
 * the time to process a batch mean it is gone (closed, hidden, or offline). Ingest ends a
 * silent session only after 35 minutes (a hidden tab may come back); until then it is not live.
 */
export const LIVE_WITHIN_MS = 30_000;

/**
 * A session is live while its tab is open and sending: not ended, and its latest activity (on
 * the server's clock, never later than the batch that carried it arrived) is recent.
 */
export function isLiveSession(endedAt: Date | string | null, lastActivityAt: Date | string | null, now: number): boolean {
  if (endedAt !== null || lastActivityAt === null) return false;
  const last = new Date(lastActivityAt).getTime();
  return Number.isFinite(last) && now - last <= LIVE_WITHIN_MS;
}
