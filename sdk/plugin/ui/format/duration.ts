const pad = (n: number) => String(n).padStart(2, '0');

/** A session's length: "5s", "1m 5s", "1h 2m"; never less than one second (spec: minimum displayed duration 1 s). */
export function formatDuration(ms: number): string {
  const seconds = Math.max(1, Math.round((Number.isFinite(ms) ? ms : 0) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h}h ${m}m`;
  return m > 0 ? `${m}m ${s}s` : `${s}s`;
}

/** A measured time (a request, a page load): "250 ms" below a second, "1.25 s" above; a dash when unknown. */
export function formatMilliseconds(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

/**
 * A position on a timeline (ms from its start): "1:05", or "01:05" with `padMinutes`, and
 * "1:02:05" from the first hour on.
 */
export function formatElapsed(ms: number, { padMinutes = false }: { padMinutes?: boolean } = {}): string {
  const total = Number.isFinite(ms) ? Math.max(0, Math.floor(ms / 1000)) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h}:${pad(m)}:${pad(s)}`;
  return `${padMinutes ? pad(m) : m}:${pad(s)}`;
}
