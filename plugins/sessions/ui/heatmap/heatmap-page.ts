import type { SessionEventItem } from '../../shared/session.js';

/** The replay shows a page this long after it opened (its first paint is in by then), unless the next page comes first. */
export const SNAPSHOT_DELAY_MS = 1500;

interface Visit {
  url: string;
  time: number;
  /** When the next page opened; null for the session's last page. */
  until: number | null;
}

function visits(events: readonly SessionEventItem[]): Visit[] {
  const pages = events.filter((e): e is Extract<SessionEventItem, { type: 'LOCATION' }> => e.type === 'LOCATION');
  return pages.map((p, i) => ({ url: p.url, time: p.time, until: pages[i + 1]?.time ?? null }));
}

/** A page as the heatmap names it: host and path (query and hash are no part of the page). */
export function pageKey(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return url.replace(/[?#].*$/, '');
  }
}

/** The URL of the page open at `time` (ms since the session's start): the last one opened by then, else the first. */
export function pageAt(events: readonly SessionEventItem[], time: number): string | null {
  const all = visits(events);
  const open = all.filter((v) => v.time <= time).pop() ?? all[0];
  return open?.url ?? null;
}

/**
 * When to show the page of `url` for its heatmap: in the visit open at `around` when it is that
 * page, else its first visit, a moment after it opened. Null when the session never opened it.
 */
export function snapshotTime(events: readonly SessionEventItem[], url: string, around: number): number | null {
  const key = pageKey(url);
  const matching = visits(events).filter((v) => pageKey(v.url) === key);
  const visit = matching.find((v) => v.time <= around && (v.until === null || around < v.until)) ?? matching[0];
  if (!visit) return null;
  const latest = visit.until === null ? Number.POSITIVE_INFINITY : visit.until - 1;
  return Math.max(visit.time, Math.min(visit.time + SNAPSHOT_DELAY_MS, latest));
}
